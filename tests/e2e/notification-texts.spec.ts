import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test';
import { apiCall, signUpOwner } from './support/business';
import { E2E_BASE_URL, E2E_PORT, E2E_SMTP_PORT, E2E_TMP } from './support/constants';
import { startTwilioStandIn, type TwilioStandIn } from '../support/twilio-stand-in';

// The client's own opt-in to texts on the portal card (issue 19 item 7), in a real browser. The app of the other browser
// tests runs without an SMS provider (and a test holds its settings page to saying so), so this spec starts its own
// instance (port E2E_PORT + 5, its own database) with Twilio's stand-in (tests/support/twilio-stand-in.ts). Its
// APP_URL is the shared one, so the helpers' Origin header passes; every request goes to this instance (baseURL).

const PORT = E2E_PORT + 5;
const CSV = `Client ID,Client Name,Email Address,Mobile,Status\nT-1,Maria Gonzalez,maria@example.com,(415) 555-0134,In Progress\n`;
let app: ChildProcess | undefined;
let twilio: TwilioStandIn;

test.use({ baseURL: `http://localhost:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  twilio = await startTwilioStandIn();
  const dataDir = path.resolve(E2E_TMP, 'texts-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL: E2E_BASE_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    MAIL_FROM: 'no-reply@statuslink.test',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    // The browser's own requests come from this instance's address.
    TRUSTED_ORIGINS: `http://localhost:${PORT}`,
    ...twilio.env(),
  };
  app = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: 'inherit' });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${PORT}/api/health`).catch(() => null))?.status ?? 0, { timeout: 150_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  app?.kill('SIGTERM');
  await twilio?.close();
});

test("the card's opt-in: a client with their link gets a code by text, enters it, and has agreed to texts (the owner sees how)", async ({ page }) => {
  await signUpOwner(page, { label: 'notify-texts' });
  const portalId = (await (await apiCall(page, 'post', '/api/v1/portals', {})).json()).portalId as string;
  expect((await apiCall(page, 'post', `/api/v1/portals/${portalId}/import`, CSV, 'text/csv')).status()).toBe(200);
  const settings = (await (await apiCall(page, 'get', `/api/v1/portals/${portalId}/notification-settings`)).json()) as { settings: { sms: Record<string, unknown> } };
  const sms = { ...settings.settings.sms, enabled: true, phoneColumn: 'Mobile' };
  expect((await apiCall(page, 'put', `/api/v1/portals/${portalId}/notification-settings`, { settings: { ...settings.settings, sms }, emailEnabled: true })).status()).toBe(200);

  const { url } = (await (await apiCall(page, 'post', `/api/v1/portals/${portalId}/clients/T-1/access-link`, {})).json()) as { url: string };
  await page.goto(new URL(url).pathname + new URL(url).search);
  const texts = page.getByTestId('text-updates');
  await expect(texts).toContainText('We text +1 •••• 0134 when something urgent happens.');
  await texts.getByRole('button', { name: 'Text me a code' }).click();
  await expect(texts.getByLabel('Code sent to +1 •••• 0134')).toBeVisible();
  expect(twilio.sent.map((s) => s.to)).toEqual(['+14155550134']);
  const code = /is (\d{6})\./.exec(twilio.sent[0]!.body)![1]!;

  await texts.getByLabel('Code sent to +1 •••• 0134').fill(code === '000000' ? '111111' : '000000');
  await texts.getByRole('button', { name: 'Confirm' }).click();
  await expect(texts.getByRole('alert')).toHaveText('That code is wrong or has expired. Ask for a new one.');
  await texts.getByLabel('Code sent to +1 •••• 0134').fill(code);
  await texts.getByRole('button', { name: 'Confirm' }).click();
  await expect(texts).toContainText('Urgent updates are texted to +1 •••• 0134.');
  await page.reload();
  await expect(page.getByTestId('text-updates')).toContainText('Urgent updates are texted to +1 •••• 0134.');

  // The owner sees the consent on the client's page: given with a code sent to the phone.
  await page.goto('/app/portals/clients/T-1');
  await expect(page.getByTestId('text-consent')).toContainText('Agreed to texts with a code sent to the phone');
});
