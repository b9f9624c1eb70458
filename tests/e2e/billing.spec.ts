import { apiCall, ownerWithSheet, shootBothThemes } from './support/business';
import { E2E_ADMIN, E2E_BASE_URL, E2E_STRIPE_PORT, E2E_STRIPE_WEBHOOK_SECRET } from './support/constants';
import { expect, test, type Browser, type Page } from './support/test';

// Choosing a plan and paying through Stripe (issue 21, decision 19), in a real browser: the operator connects
// Stripe in the back office; a business on its trial follows the banner to Billing, chooses Professional yearly,
// pays on the Stripe stand-in's checkout page (tests/support/stripe-stand-in.ts, started by the e2e server, which
// sends the signed webhooks), and is back in the app on the paid plan with its invoice; then schedules a downgrade,
// keeps its plan after all, and upgrades at once. BILLING_SHOTS=dir saves
// screenshots (1280 and 375 px, light and dark).

const shotsDir = process.env.BILLING_SHOTS;
const shoot = (page: Page, name: string) => shootBothThemes(page, shotsDir, name);

/** Saves (or, with null, removes) the Stripe keys as the operator, in a context of its own. */
async function stripeKeys(browser: Browser, keys: { stripeApiKey: string | null; stripeWebhookSecret: string | null }) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  expect((await apiCall(page, 'post', '/api/auth/sign-in/email', { email: E2E_ADMIN.email, password: E2E_ADMIN.password })).status()).toBe(200);
  const { settings } = await (await apiCall(page, 'get', '/api/admin/settings')).json();
  const saved = await apiCall(page, 'put', '/api/admin/settings', { settings, secrets: keys });
  expect(saved.status()).toBe(200);
  await context.close();
}

test.afterAll(async ({ browser }) => {
  await stripeKeys(browser, { stripeApiKey: null, stripeWebhookSecret: null });
});

test('a business on its trial chooses a plan, pays through Stripe Checkout and is back on the paid plan', async ({ page, browser }) => {
  test.setTimeout(shotsDir ? 300_000 : 90_000);
  await stripeKeys(browser, { stripeApiKey: 'sk_test_e2e_operator', stripeWebhookSecret: E2E_STRIPE_WEBHOOK_SECRET });
  await ownerWithSheet(page, { label: 'billing', plan: 'starter' });

  await page.goto('/app/dashboard');
  const banner = page.getByTestId('trial-banner');
  await expect(banner).toContainText('Your free trial ends in 14 days.');
  await banner.getByRole('link', { name: 'Choose a plan' }).click();
  await expect(page).toHaveURL(/\/app\/billing$/);
  await expect(page.getByTestId('billing-plan')).toHaveText('Starter');
  await expect(page.getByTestId('billing-state')).toHaveText('Trial');
  await expect(page.getByTestId('billing-trial')).toContainText('14 days left');
  await expect(page.getByTestId('billing-operator')).toHaveCount(0);
  await expect(page.getByText('No invoices yet')).toBeVisible();
  await expect(page.getByTestId('billing-price-professional')).toHaveText('$63.20');
  await shoot(page, 'billing-trial');

  await page.getByTestId('plan-professional').getByRole('button', { name: 'Choose Professional' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_STRIPE_PORT}/checkout/cs_test_`));
  // 12 months of $79 less 20 %: $758 a year.
  await expect(page.getByTestId('standin-amount')).toHaveText('$758.00 per year');
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/app\/billing\?checkout=success/);
  await expect(page.getByTestId('checkout-return')).toContainText('Thank you: your Professional plan is active');
  await expect(page.getByTestId('billing-plan')).toHaveText('Professional');
  await expect(page.getByTestId('billing-state')).toHaveText('Paid');
  await expect(page.getByTestId('invoices').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('invoices')).toContainText('$758.00');
  await expect(page.getByTestId('invoices')).toContainText('Paid');
  await expect(page.getByTestId('trial-banner')).toHaveCount(0);
  await expect(page.getByTestId('plan-professional')).toContainText('Your current plan');
  await shoot(page, 'billing-paid');

  // A downgrade waits for the renewal and can be cancelled; an upgrade applies at once.
  await page.getByTestId('plan-starter').getByRole('button', { name: 'Switch to Starter at renewal' }).click();
  await expect(page.getByTestId('billing-scheduled')).toContainText('Changes to Starter (yearly) on');
  await expect(page.getByTestId('plan-starter')).toContainText('Starts at your renewal');
  await expect(page.getByTestId('billing-plan')).toHaveText('Professional');
  await shoot(page, 'billing-scheduled');
  await page.getByRole('button', { name: 'Keep Professional' }).click();
  await expect(page.getByTestId('billing-scheduled')).toHaveCount(0);
  await page.getByTestId('plan-business').getByRole('button', { name: 'Upgrade to Business now' }).click();
  await expect(page.getByTestId('billing-plan')).toHaveText('Business');
  await expect(page.getByTestId('plan-business')).toContainText('Your current plan');

  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${E2E_STRIPE_PORT}/portal/bps_`));
});
