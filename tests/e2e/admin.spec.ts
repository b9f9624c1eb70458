import { type Browser, expect, type Page, test } from './support/test';
import { E2E_ADMIN } from './support/constants';
import { waitForMail } from './support/mailbox';

// The back office in a real browser: businesses (add, suspend, impersonate), settings that take effect,
// analytics and the CSV export. Settings changed here are put back at the end of each test.

const PASSWORD = 'Harbour-Lights-42';
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  return answered;
}

async function signInAdmin(page: Page) {
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Adds a business from the back office; the owner sets a password from the e-mailed link (in a fresh browser). */
async function addBusiness(page: Page, browser: Browser, company: string, status: 'trial' | 'active' = 'trial') {
  const email = `owner-${unique()}@example.com`;
  await page.goto('/admin/businesses');
  await page.getByRole('button', { name: 'Add Business' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Business' });
  await dialog.getByLabel('Company Name').fill(company);
  await dialog.getByLabel('Owner Name').fill('Olga Owner');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('+1 555 0142');
  await dialog.getByLabel('Plan').selectOption('professional');
  await dialog.getByLabel('Status').selectOption(status);
  await dialog.getByRole('button', { name: 'Add Business' }).click();
  await expect(page.getByText(`${company} was added`)).toBeVisible();

  const mail = await waitForMail(email, /account for/);
  const link = /http:\/\/localhost:\d+\/reset-password\?token=[\w-]+&welcome=1/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await ownerPage.goto(link!);
  // A new owner chooses a first password: the page says so, not "reset".
  await expect(ownerPage.getByRole('heading', { name: 'Choose Your Password' })).toBeVisible();
  await ownerPage.getByLabel('New Password', { exact: true }).fill(PASSWORD);
  await ownerPage.getByLabel('Confirm New Password').fill(PASSWORD);
  await ownerPage.getByRole('button', { name: 'Save Password' }).click();
  await expect(ownerPage.getByRole('heading', { name: 'Password Saved' })).toBeVisible();
  await owner.close();
  return email;
}

async function openBusiness(page: Page, company: string) {
  await page.goto('/admin/businesses');
  await page.getByLabel('Search businesses').fill(company);
  await expect(page.getByTestId('business-row')).toHaveCount(1);
  await page.getByRole('button', { name: `View ${company}` }).click();
  return page.getByRole('dialog', { name: company });
}

test('an operator suspends a trial business: its owner can no longer sign in, its portal shows unavailable; reactivating returns it to its trial', async ({ page, browser }) => {
  await signInAdmin(page);
  const company = `Suspended Works ${unique()}`;
  const email = await addBusiness(page, browser, company, 'trial');

  // The owner signs in and creates a portal.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  expect((await signIn(ownerPage, email, PASSWORD)).status()).toBe(200);
  await expect(ownerPage).toHaveURL(/\/app\/dashboard$/);
  const created = await ownerPage.request.post('/api/v1/portals', { data: { name: 'Main' }, headers: { origin: new URL(ownerPage.url()).origin } });
  expect(created.status()).toBe(201);
  const portalId = (await created.json()).portalId as string;

  const dialog = await openBusiness(page, company);
  // The trial's end is a date of the business: in its time zone, named.
  const trialEnds = dialog.locator('dl > div').filter({ has: page.getByText('Trial ends', { exact: true }) }).locator('dd');
  await expect(trialEnds).toHaveText(/^\w{3} \d{1,2}, \d{4} \([\w/+-]+\)$/);
  const trialEndText = await trialEnds.textContent();
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  // Asked once more, with what it does; Cancel leaves the business as it was.
  await expect(dialog.getByText(/Its owner is signed out at once/)).toBeVisible();
  await expect(dialog.getByText(/Reactivating returns it to its trial, with the same end date/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByText(/Its owner is signed out at once/)).toBeHidden();
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await dialog.getByRole('button', { name: 'Suspend business' }).click();
  await expect(dialog.getByText('The business is suspended')).toBeVisible();
  await expect(dialog.getByText('Suspended', { exact: true })).toBeVisible();
  // Support access still works on a suspended business, and the dialog says what it does not change.
  await expect(dialog.getByRole('region', { name: 'Support access' })).toContainText('its owner still cannot sign in and its portals stay unavailable');

  // The open session has ended, and signing in again is refused.
  await ownerPage.goto('/app/dashboard');
  await expect(ownerPage).toHaveURL(/\/login$/);
  const refused = await signIn(ownerPage, email, PASSWORD);
  expect(refused.status()).toBe(403);
  await expect(ownerPage.getByText('This account is suspended. Please contact support.')).toBeVisible();

  // Its portal shows the unavailable page to clients.
  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await clientPage.goto(`/portal/${portalId}`);
  await expect(clientPage.getByText(/unavailable/i).first()).toBeVisible();
  await client.close();

  // Reactivate: back to its trial with the same end date; the owner signs in.
  await expect(dialog.getByRole('button', { name: 'Activate', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Reactivate' }).click();
  await expect(dialog.getByText('The business is reactivated: back to trial.')).toBeVisible();
  await expect(dialog.getByText('Trial', { exact: true })).toBeVisible();
  await expect(trialEnds).toHaveText(trialEndText!);
  expect((await signIn(ownerPage, email, PASSWORD)).status()).toBe(200);
  await owner.close();
});

test('"Login as this business" opens the business app with a banner, and "Back to admin" returns', async ({ page, browser }) => {
  await signInAdmin(page);
  const company = `Visited Studio ${unique()}`;
  await addBusiness(page, browser, company);
  const dialog = await openBusiness(page, company);
  // The operator is told what the button does before pressing it.
  await expect(dialog.getByRole('region', { name: 'Support access' })).toContainText('up to 60 minutes; it is recorded in the activity log');
  await dialog.getByRole('button', { name: 'Login as this business' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByText(`You are signed in as ${company} from the back office`)).toBeVisible();
  await expect(page.getByText('Olga Owner').first()).toBeVisible();

  await page.getByRole('button', { name: 'Back to admin' }).click();
  await expect(page).toHaveURL(/\/admin\/businesses$/);
  await expect(page.getByRole('heading', { name: 'Business Management' })).toBeVisible();

  // Both ends are in the activity log.
  await page.goto('/admin/activity');
  await expect(page.getByText(`signed in as ${company}`).first()).toBeVisible();
  await expect(page.getByText(`stopped acting as ${company}`).first()).toBeVisible();
});

test('settings save, show their banner, and take effect: maintenance mode shows the maintenance page to visitors', async ({ page, browser }) => {
  await signInAdmin(page);
  await page.goto('/admin/settings');
  const maintenance = page.getByRole('checkbox', { name: 'Maintenance mode' });
  try {
    await maintenance.check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
    // The banner goes after 3 s.
    await expect(page.getByText('Settings saved successfully')).toBeHidden({ timeout: 6000 });

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/pricing');
    await expect(visitorPage.getByRole('heading', { name: 'Down for Maintenance' })).toBeVisible();
    const api = await visitorPage.request.get('/api/v1/me');
    expect(api.status()).toBe(503);
    expect((await api.json()).error.code).toBe('maintenance');
    await visitor.close();

    // The operator still sees the whole site.
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Platform Dashboard' })).toBeVisible();

    // A value out of bounds is refused with the control's message.
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel('Trial days').fill('120');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Trial days must be between 0 and 90')).toBeVisible();
  } finally {
    await page.goto('/admin/settings');
    await page.getByRole('checkbox', { name: 'Maintenance mode' }).uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();
  }
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/');
  await expect(visitorPage.getByRole('heading', { name: 'Down for Maintenance' })).toHaveCount(0);
  await visitor.close();
});

test('analytics: the period changes the figures, and Export Report downloads them as CSV', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/analytics');
  await expect(page.getByText('Revenue (30 days)')).toBeVisible();
  const period = page.getByText(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \(UTC\)/);
  const thirty = await period.textContent();

  const seven = page.waitForResponse((r) => r.url().includes('/api/admin/analytics?days=7'));
  await page.getByRole('button', { name: '7 days' }).click();
  await seven;
  await expect(page.getByText('Revenue (7 days)')).toBeVisible();
  await expect(period).not.toHaveText(thirty!);
  await expect(page.getByRole('table', { name: /per day/ }).locator('tr')).toHaveCount(7);

  await page.getByRole('button', { name: 'Churn' }).click();
  await expect(page.getByRole('heading', { name: 'Churn by day' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statuslink-analytics-7d-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[1]).toBe('Metric,Current period,Previous period,Change');
  expect(lines.some((l) => l.startsWith('Signups,'))).toBe(true);
  expect(lines.some((l) => l.startsWith('Monthly recurring revenue ($),'))).toBe(true);
  expect(lines).toContain('Date,Signups,Revenue ($),MRR ($),Active users,Churn (%),Portals');
  expect(lines.filter((l) => /^\d{4}-\d{2}-\d{2},/.test(l))).toHaveLength(7);

  // With Revenue unticked in Filters, the export leaves it out.
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('checkbox', { name: 'Revenue' }).uncheck();
  const second = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export Report' }).click();
  const csv2 = await (await import('node:fs/promises')).readFile((await (await second).path())!, 'utf8');
  expect(csv2).not.toContain('revenue');
  expect(csv2).toContain('Signups,');
});

test('the back office menu works on a phone, and unknown admin paths go to the dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAdmin(page);
  await page.goto('/admin/nowhere');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Back office (menu)' }).getByRole('link', { name: 'Platform Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('heading', { name: 'Platform Settings' })).toBeVisible();
});
