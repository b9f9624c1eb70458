import { summarizeStatuses } from '../../src/core/status';
import { apiCall, OWNER_PASSWORD, ownerWithSheet, SAMPLE_CSV, shootBothThemes, signUpOwner } from './support/business';
import { E2E_BASE_URL } from './support/constants';
import { expect, test, type Page } from './support/test';

// The business app's Analytics and Account pages (issue 6, items 5 and 9) in a real browser: sign up, import the
// tax preparer's sheet, make portal lookups, check the analytics figures against the sheet, change the period,
// then edit the profile (it persists after reload) and change the password. H1_SHOTS=dir saves screenshots.

const csv = SAMPLE_CSV;
const rows = csv.trim().split('\n').slice(1).map((line) => line.split(','));
const expected = summarizeStatuses(rows.map((r) => r[3]));
const shotsDir = process.env.H1_SHOTS;
const shoot = (page: Page, name: string) => shootBothThemes(page, shotsDir, name);
const password = OWNER_PASSWORD;




test.describe('analytics and account', () => {
  test('a business without a sheet is asked to connect one', async ({ page }) => {
    await signUpOwner(page, { label: 'analytics-empty', name: 'Nia Empty', companyName: 'Empty Co', plan: 'professional' });
    await page.goto('/app/analytics');
    await expect(page.getByRole('heading', { name: 'Connect Google Sheets First' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Connect Google Sheet' })).toHaveAttribute('href', '/app/sheets-setup');
    await shoot(page, 'analytics-empty');
  });

  test('analytics figures match the sheet and the period changes; the profile persists; the password changes', async ({ page, browser }) => {
    test.setTimeout(shotsDir ? 300_000 : 120_000);
    // Business: full analytics (Professional has the totals and status breakdown only, plans.spec.ts).
    const { portalId } = await ownerWithSheet(page, { label: 'analytics-owner', plan: 'business' });
    // Two portal lookups by a visitor (the owner's own are not counted): one found, one not.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    const found = await apiCall(visitorPage, 'post', `${E2E_BASE_URL}/api/public/portals/${portalId}/lookup`, { query: 'maria.gonzalez@example.com' });
    expect(found.status()).toBe(200);
    const missed = await apiCall(visitorPage, 'post', `${E2E_BASE_URL}/api/public/portals/${portalId}/lookup`, { query: 'nobody@example.com' });
    expect(missed.status()).toBe(404);
    await visitor.close();

    await page.goto('/app/analytics');
    const figures = page.getByTestId('analytics-figures');
    await expect(figures).toHaveAttribute('data-days', '30');
    await expect(page.getByTestId('tile-Total Clients')).toHaveText(String(rows.length));
    await expect(page.getByTestId('tile-Completion Rate')).toHaveText(`${Math.round((expected.completed / rows.length) * 100)}%`);
    await expect(page.getByTestId('tile-In Progress')).toHaveText(String(expected.inProgress));
    // Imported already completed: no recorded change to measure yet.
    await expect(page.getByTestId('tile-Avg. Time')).toHaveText('Not enough data');
    const breakdown = page.getByRole('list', { name: 'Clients by status' }).getByRole('listitem');
    await expect(breakdown).toHaveCount(Object.keys(expected.breakdown).length);
    await expect(breakdown.filter({ hasText: 'pending' })).toContainText(`${expected.breakdown.pending} (${Math.round((expected.breakdown.pending! / rows.length) * 100)}%)`);
    await expect(page.getByTestId('insight-pending')).toContainText(`${expected.pending} projects pending`);
    await expect(page.getByTestId('lookups-total')).toHaveText('2');
    await expect(page.getByTestId('insight-lookups')).toContainText('1 lookup found no project');
    await expect(page.getByTestId('period-note')).toContainText('30 days, America/New_York');
    await expect(page.getByRole('heading', { name: 'Data Source' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/app/dashboard');
    await expect(page.getByRole('link', { name: 'Manage Clients' })).toHaveAttribute('href', '/app/portals');
    await expect(page.getByRole('table', { name: 'Portal lookups per day' }).getByRole('row')).toHaveCount(31);

    // The period is asked of the server.
    const asked = page.waitForRequest((r) => r.url().includes(`/api/v1/portals/${portalId}/analytics?days=7`));
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '7 days' }).click();
    await asked;
    await expect(figures).toHaveAttribute('data-days', '7');
    await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('period-note')).toContainText('7 days, America/New_York');
    await expect(page.getByRole('table', { name: 'Portal lookups per day' }).getByRole('row')).toHaveCount(8);
    await expect(page.getByTestId('tile-Total Clients')).toHaveText(String(rows.length));
    await page.getByRole('button', { name: '90 days' }).click();
    await expect(figures).toHaveAttribute('data-days', '90');
    await expect(page.getByTestId('lookups-total')).toHaveText('2');
    await page.getByRole('button', { name: '30 days' }).click();
    await expect(figures).toHaveAttribute('data-days', '30');
    // No client was completed by the team in the period yet: the accuracy of estimates has nothing to measure.
    await expect(page.getByTestId('estimate-accuracy')).toContainText('No client was completed in this period');
    await shoot(page, 'analytics');

    // A status change recorded by a new import: completed in the period, with a measured time.
    const changed = csv.replace('T-1001,Maria Gonzalez,maria.gonzalez@example.com,In Progress', 'T-1001,Maria Gonzalez,maria.gonzalez@example.com,Done');
    expect((await apiCall(page, 'post', `/api/v1/portals/${portalId}/import`, changed, 'text/csv')).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('tile-Completion Rate')).toHaveText(`${Math.round(((expected.completed + 1) / rows.length) * 100)}%`);
    await expect(page.getByTestId('tile-In Progress')).toHaveText(String(expected.inProgress - 1));
    await expect(page.getByTestId('tile-Avg. Time')).toHaveText('0d');
    await expect(page.getByText('From first seen to completed, over 1 project')).toBeVisible();

    // Account: reached from the name in the header.
    await page.getByRole('link', { name: /Maya Fischer/ }).click();
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await expect(page.getByTestId('account-plan')).toHaveText('Business');
    await expect(page.getByTestId('account-trial')).toContainText('14 days left');
    await shoot(page, 'account');

    // Validation, then a saved profile that survives a reload.
    await page.getByLabel('Company Name').fill('   ');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Company name is required')).toBeVisible();
    await page.getByLabel('Company Name').fill('Harbor Tax & Advisory');
    await page.getByLabel('Owner Name').fill('Maya Fischer-Lund');
    await page.getByLabel('Phone Number').fill('+1 555 0199');
    await page.getByLabel('Time Zone').selectOption('Europe/Berlin');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Saved!')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Maya Fischer-Lund')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Company Name')).toHaveValue('Harbor Tax & Advisory');
    await expect(page.getByLabel('Owner Name')).toHaveValue('Maya Fischer-Lund');
    await expect(page.getByLabel('Phone Number')).toHaveValue('+1 555 0199');
    await expect(page.getByLabel('Time Zone')).toHaveValue('Europe/Berlin');
    await page.goto('/app/analytics');
    await expect(page.getByTestId('period-note')).toContainText('Europe/Berlin');

    // Password: the platform policy, the confirmation, then the change.
    await page.goto('/app/account');
    await page.getByLabel('Current Password').fill(password);
    await page.getByLabel('New Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm New Password').fill('short');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill('Quiet-Harbor-Dawn-7');
    await page.getByLabel('Confirm New Password').fill('Quiet-Harbor-Dawn-8');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Current Password').fill('Not-my-password-1!');
    await page.getByLabel('Confirm New Password').fill('Quiet-Harbor-Dawn-7');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /password/i })).toBeVisible();
    await page.getByLabel('Current Password').fill(password);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  });

  test('the account page is reachable from the phone menu', async ({ page }) => {
    await ownerWithSheet(page, { label: 'analytics-owner', plan: 'professional' });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/app/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/phone-menu-375-light.png` });
    await page.getByRole('link', { name: /Maya Fischer/ }).click();
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(page.getByLabel('Company Name')).toHaveValue('Harbor Tax Partners');
  });
});
