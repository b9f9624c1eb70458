import { expect, type Page, test } from './support/test';
import { E2E_ADMIN } from './support/constants';

// Maintenance mode and the public client portal (issue 8, item 5): visitors of a portal see the platform's
// maintenance page (the same as the main app's), on first load and when a lookup answers 503 'maintenance';
// operators still see the portal; the page comes back by itself when maintenance ends.

const MESSAGE = 'The platform is down for maintenance. Please try again later.';

async function signInAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

async function setMaintenance(page: Page, on: boolean) {
  await page.goto('/admin/settings');
  const box = page.getByRole('checkbox', { name: 'Maintenance mode' });
  if (on) await box.check();
  else await box.uncheck();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully')).toBeVisible();
}

test('maintenance mode: the client portal shows the maintenance page to visitors, not to operators, and comes back', async ({ page, browser }) => {
  await signInAdmin(page);

  // A client has the demo portal open with a card, and another visitor will arrive during maintenance.
  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await clientPage.goto(`/portal/demo?email=${encodeURIComponent('maria.gonzalez@example.com')}`);
  await expect(clientPage.getByRole('region', { name: 'Maria Gonzalez' })).toBeVisible();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.clock.install();

  try {
    await setMaintenance(page, true);

    // The open card: its next lookup answers 503 'maintenance', and the whole page becomes the maintenance page.
    await clientPage.getByRole('button', { name: 'Refresh' }).click();
    await expect(clientPage.getByRole('heading', { name: 'Down for Maintenance' })).toBeVisible();
    await expect(clientPage.getByText(MESSAGE)).toBeVisible();
    await expect(clientPage.getByText('StatusLink will be back shortly.')).toBeVisible();
    await expect(clientPage.getByRole('region', { name: 'Maria Gonzalez' })).toHaveCount(0);
    await expect(clientPage).toHaveTitle('Maintenance | StatusLink');

    // First load during maintenance: the maintenance page straight away, with the main app's words.
    await visitorPage.goto('/portal/demo');
    await expect(visitorPage.getByRole('heading', { name: 'Down for Maintenance' })).toBeVisible();
    await expect(visitorPage.getByText(MESSAGE)).toBeVisible();
    await expect(visitorPage.getByText('StatusLink will be back shortly.')).toBeVisible();
    await expect(visitorPage.getByRole('link', { name: 'Operator sign-in' })).toHaveAttribute('href', '/login');
    await expect(visitorPage.getByText('This is a demo portal. Try one of these:')).toHaveCount(0);
    // The main app's maintenance page says the same.
    const appPage = await visitor.newPage();
    await appPage.goto('/pricing');
    await expect(appPage.getByRole('heading', { name: 'Down for Maintenance' })).toBeVisible();
    await expect(appPage.getByText(MESSAGE)).toBeVisible();
    await expect(appPage.getByText('StatusLink will be back shortly.')).toBeVisible();
    await appPage.close();

    // The operator still sees the portal.
    const operatorPortal = await page.context().newPage();
    await operatorPortal.goto('/portal/demo');
    await expect(operatorPortal.getByText('This is a demo portal. Try one of these:')).toBeVisible();
    await operatorPortal.close();
  } finally {
    await setMaintenance(page, false);
  }

  // Maintenance over: the visitor's page checks again within 30 s and shows the portal, without a reload.
  await visitorPage.clock.runFor(31_000);
  await expect(visitorPage.getByText('This is a demo portal. Try one of these:')).toBeVisible();
  await expect(visitorPage.getByRole('heading', { name: 'Down for Maintenance' })).toHaveCount(0);
  await visitor.close();
  // The client's page (real clock) comes back by itself too, with the card it had and no maintenance message.
  await expect(clientPage.getByRole('region', { name: 'Maria Gonzalez' })).toBeVisible({ timeout: 40_000 });
  await expect(clientPage.getByText(MESSAGE)).toHaveCount(0);
  await client.close();
});
