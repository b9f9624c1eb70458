export const E2E_PORT = Number(process.env.E2E_PORT ?? 3117);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_ADMIN = { email: 'operator@statuslink.test', password: 'Control-Room-2026!', name: 'Olivia Operator' };
/** The local server that plays Google Sheets for the app under test (GOOGLE_SHEETS_BASE_URL). */
export const E2E_SHEETS_PORT = Number(process.env.E2E_SHEETS_PORT ?? 3118);
/** A webhook receiver a browser test starts (the app may post to loopback in the browser tests). */
export const E2E_WEBHOOK_PORT = Number(process.env.E2E_WEBHOOK_PORT ?? 3119);
/** The local stand-in for Stripe's API and Checkout page (STRIPE_API_BASE_URL; tests/e2e/billing.spec.ts). */
export const E2E_STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3120);
/** The webhook signing secret the stand-in signs with; the billing test saves it in the back office. */
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_standin';
/** Scratch folder of one e2e run (database, mailbox); per port, so two runs side by side keep apart. */
export const E2E_TMP = `.tmp/e2e-${E2E_PORT}`;
