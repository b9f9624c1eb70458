import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from './support/test';
import { E2E_ADMIN } from './support/constants';

// Platform Settings > API & Integrations tells the truth: which way e-mail goes (here SMTP_URL, the e2e server's
// local SMTP server, which wins over SendGrid), Google Sheets needs no key, Stripe is not connected until its keys are saved.

async function signInAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

test('the API tab says which way e-mail goes, claims nothing for Google Sheets, and how Stripe gets connected', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/settings?tab=api');
  const panel = page.getByRole('tabpanel', { name: 'API & Integrations' });
  await expect(panel.getByTestId('mail-route')).toContainText('E-mail is sent through: SMTP server from SMTP_URL');

  const stripe = panel.getByRole('region', { name: 'Stripe (billing)' });
  await expect(stripe.getByText('Not connected', { exact: true })).toBeVisible();
  await expect(stripe.getByText(/Without both, plans are assigned here by the operator and no payment is taken/)).toBeVisible();
  await expect(stripe.getByText('http://localhost:' + new URL(page.url()).port + '/api/stripe/webhook')).toBeVisible();
  await expect(stripe.getByRole('checkbox')).toHaveCount(0);
  const sheets = panel.getByRole('region', { name: 'Google Sheets' });
  await expect(sheets.getByText('No key needed', { exact: true })).toBeVisible();
  await expect(sheets.getByRole('checkbox')).toHaveCount(0);
  await expect(panel.getByRole('checkbox')).toHaveCount(1);

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const sendgrid = panel.getByRole('region', { name: 'SendGrid (e-mail)' });
  try {
    await sendgrid.getByRole('checkbox', { name: 'Send e-mail through SendGrid' }).check();
    await sendgrid.getByLabel('SendGrid API key').fill('SG.e2e-never-used-key-5678');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    await expect(sendgrid.getByText('Saved: ••••••••5678')).toBeVisible();
    // SMTP_URL is set on this server: it still wins, and the page says why SendGrid is not in use.
    await expect(sendgrid.getByTestId('mail-route')).toContainText('E-mail is sent through: SMTP server from SMTP_URL');
    await expect(sendgrid.getByText('SendGrid is turned on, but SMTP_URL is set on the server and takes precedence.')).toBeVisible();
    await expect(sendgrid.getByText('Not in use', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'Email Templates' }).click();
    await expect(page.getByTestId('mail-route')).toContainText('E-mail is sent through: SMTP server from SMTP_URL');
  } finally {
    await page.goto('/admin/settings?tab=api');
    const again = page.getByRole('region', { name: 'SendGrid (e-mail)' });
    await again.getByRole('checkbox', { name: 'Send e-mail through SendGrid' }).uncheck();
    const remove = again.getByRole('button', { name: 'Remove key' });
    if (await remove.isVisible()) await remove.click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'SendGrid (e-mail)' }).getByText('Not set.')).toBeVisible();
});
