import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PORTAL_JS_BUDGET_BYTES, portalPageJs } from '../../scripts/portal-js-size.mjs';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from './support/test';
import { E2E_BASE_URL } from './support/constants';
import { waitForMail } from './support/mailbox';
import { signInOnceCreated } from './support/business';

// The public client portal (issue 5) in a real browser: lookups by e-mail, by name, by prefilled link and by
// access link; verification with the code read from the test SMTP server; not found; 'Search for a different
// project'; a logo that fails to load; the demo portal.

const csv = fs.readFileSync(new URL('../fixtures/sheets/tax-preparer.csv', import.meta.url), 'utf8');
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const NOT_FOUND = 'No project found. Please check your email/name or contact support.';

let api: APIRequestContext;
let portalId: string;
let verifiedPortalId: string;

async function call(method: 'post' | 'patch', url: string, data: unknown, contentType = 'application/json') {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const res = await api[method](url, {
      headers: { 'content-type': contentType },
      data: contentType === 'application/json' ? JSON.stringify(data) : (data as string),
    });
    if (res.status() !== 429) return res;
    await new Promise((r) => setTimeout(r, (Number(res.headers()['retry-after'] ?? 5) + 1) * 1000));
  }
  throw new Error(`${url} stayed rate-limited`);
}

async function newPortal(config: Record<string, unknown>): Promise<string> {
  const created = await call('post', '/api/v1/portals', {});
  expect(created.status()).toBe(201);
  const id = (await created.json()).portalId as string;
  expect((await call('post', `/api/v1/portals/${id}/import`, csv, 'text/csv')).status()).toBe(200);
  expect((await call('patch', `/api/v1/portals/${id}`, { config })).status()).toBe(200);
  return id;
}

test.beforeAll(async () => {
  api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: { origin: E2E_BASE_URL } });
  const ownerEmail = `portal-owner-${unique()}@example.com`;
  const signUp = await call('post', '/api/auth/sign-up/email', {
    email: ownerEmail,
    password: 'Harbour-Lights-42',
    name: 'Maya Fischer',
    companyName: 'Harbor Tax Partners',
    phone: '+1 555 0100',
    plan: 'business',
    timeZone: 'America/New_York',
    acceptTerms: true,
  });
  expect(signUp.status()).toBe(200);
  await signInOnceCreated(api, ownerEmail, 'Harbour-Lights-42');
  portalId = await newPortal({ companyName: 'Harbor Tax Partners', title: 'Tax Return Status', primaryColor: '#0F766E', logoUrl: `${E2E_BASE_URL}/favicon.svg` });
  verifiedPortalId = await newPortal({ companyName: 'Harbor Tax Partners', requireVerification: true });
});

test.afterAll(async () => {
  await api.dispose();
});

const searchBox = (page: Page) => page.getByLabel('Email Address or Full Name');

test.describe('client portal', () => {
  test('looks up by e-mail with Enter, refreshes, and goes back with "Search for a different project"', async ({ page }) => {
    await page.goto(`/portal/${portalId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Tax Return Status' })).toBeVisible();
    await expect(page.getByText('Powered by Harbor Tax Partners')).toBeVisible();
    await expect(page.getByTestId('portal-logo')).toBeVisible();
    const button = page.getByRole('button', { name: 'Search', exact: true });
    await expect(button).toBeDisabled();
    await searchBox(page).fill(' a ');
    await button.click();
    await expect(page.getByText('Please enter at least 2 characters to search')).toBeVisible();

    await searchBox(page).fill('  Maria.Gonzalez@Example.com ');
    await searchBox(page).press('Enter');
    const card = page.getByRole('region', { name: 'Maria Gonzalez' });
    await expect(card).toBeVisible();
    await expect(card.getByText('maria.gonzalez@example.com')).toBeVisible();
    await expect(card.getByText('In Progress')).toBeVisible();
    await expect(card.getByText('Queue position')).toBeVisible();
    await expect(card.getByText('#2')).toBeVisible();
    await expect(card.getByText('Estimated completion')).toBeVisible();
    await expect(card.getByText('Dec 15, 2026')).toBeVisible();
    await expect(card.getByText(/There is 1 project ahead of yours\. Our team completes about 15 projects a week/)).toBeVisible();
    await expect(card.getByText('Waiting for the 1099-B from your broker')).toBeVisible();

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/lookup') && r.status() === 200);
    await card.getByRole('button', { name: 'Refresh' }).click();
    await refreshed;
    await expect(card).toBeVisible();

    await page.getByRole('button', { name: 'Search for a different project' }).click();
    await expect(card).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue('');
    await expect(searchBox(page)).toBeFocused();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('looks up by full name, and says "not found" for a partial name', async ({ page }) => {
    await page.goto(`/portal/${portalId}`);
    await searchBox(page).fill('maria');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
    await searchBox(page).fill('  james   WHITFIELD ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('region', { name: 'James Whitfield' })).toBeVisible();
    await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  });

  test('prefills from ?email= and ?name= and searches once', async ({ page }) => {
    let lookups = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/lookup')) lookups += 1;
    });
    await page.goto(`/portal/${portalId}?email=${encodeURIComponent('aiko.tanaka@example.org')}`);
    const card = page.getByRole('region', { name: 'Aiko Tanaka' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Completed').first()).toBeVisible();
    await expect(card.getByText('Your project is complete. Thank you for your patience!')).toBeVisible();
    await page.waitForTimeout(300);
    expect(lookups).toBe(1);
    await page.goto(`/portal/${portalId}?name=Nobody%20Here`);
    await expect(searchBox(page)).toHaveValue('Nobody Here');
    await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
  });

  test('opens the card from an access link, and a verified client sends an update', async ({ page }) => {
    await call('patch', `/api/v1/portals/${portalId}`, { config: { allowClientUpdates: true } });
    const link = await call('post', `/api/v1/portals/${portalId}/clients/T-1004/access-link`, {});
    expect(link.status()).toBe(201);
    const { url } = await link.json();
    await page.goto(url);
    const card = page.getByRole('region', { name: 'Robert Chen' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Review', { exact: true })).toBeVisible();
    await card.getByLabel('Your message').fill('I have uploaded the signed form.');
    await card.getByRole('button', { name: 'Send message' }).click();
    await expect(card.getByText('Thank you! Your message was sent.')).toBeVisible();
    const updates = await api.get(`/api/v1/portals/${portalId}/clients/T-1004/updates`);
    expect((await updates.json()).updates[0].message).toBe('I have uploaded the signed form.');
    // A revoked link is "not found".
    await api.delete(`/api/v1/portals/${portalId}/clients/T-1004/access-link`);
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(url);
    await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
  });

  test('asks for the e-mailed code before the card when the portal requires verification', async ({ page }) => {
    await page.goto(`/portal/${verifiedPortalId}`);
    await searchBox(page).fill('lucas.meyer@example.com');
    await searchBox(page).press('Enter');
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    const mail = await waitForMail('lucas.meyer@example.com', /verification code/);
    const code = /(\d{6})/.exec(mail.subject)![1]!;
    const input = page.getByLabel('6-digit code');
    await input.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('That code is not valid or has expired.');
    await input.fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('region', { name: 'Lucas Meyer' })).toBeVisible();
  });

  test('hides a logo that fails to load', async ({ page }) => {
    await call('patch', `/api/v1/portals/${verifiedPortalId}`, { config: { logoUrl: 'http://127.0.0.1:9/missing-logo.png' } });
    await page.goto(`/portal/${verifiedPortalId}`);
    await expect(page.getByText('Powered by Harbor Tax Partners')).toBeVisible();
    await expect(page.getByTestId('portal-logo')).toHaveCount(0);
  });

  test('white-label on Business: no platform name, link, title or icon; the logo is the tab icon', async ({ browser }) => {
    const logoUrl = `${E2E_BASE_URL}/favicon.svg?brand=harbor`;
    const branded = await newPortal({ companyName: 'Harbor Tax Partners', title: 'Tax Return Status', primaryColor: '#0F766E', logoUrl });
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`/portal/${branded}?email=${encodeURIComponent('maria.gonzalez@example.com')}`);
      await expect(page.getByRole('region', { name: 'Maria Gonzalez' })).toBeVisible();
      await expect(page).toHaveTitle('Tax Return Status | Harbor Tax Partners');
      await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', logoUrl);
      await expect(page.getByTestId('portal-powered-by')).toHaveCount(0);
      // What a visitor can see or follow (the page's source keeps the theme's storage key, which names nothing shown).
      expect(await page.locator('body').innerText()).not.toMatch(/StatusLink/i);
      expect(await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href).join(' '))).not.toMatch(/statuslink/i);
      if (process.env.PORTAL_SHOTS) await page.screenshot({ path: `${process.env.PORTAL_SHOTS}/portal-white-label-${width}.png`, fullPage: true });
      await context.close();
    }
  });

  test('shows a clear page for an unknown portal', async ({ page }) => {
    await page.goto('/portal/portal_zzzzzzzzz');
    await expect(page.getByRole('heading', { name: 'Portal not found' })).toBeVisible();
  });

  test('the demo portal works on a fresh install and says what to try', async ({ page }) => {
    await page.goto('/portal/demo');
    await expect(page.getByText('This is a demo portal. Try one of these:')).toBeVisible();
    await page.getByRole('button', { name: /maria\.gonzalez@example\.com/ }).click();
    const card = page.getByRole('region', { name: 'Maria Gonzalez' });
    await expect(card).toBeVisible();
    await expect(card.getByText('Queue position')).toBeVisible();
    await page.getByRole('button', { name: 'Search for a different project' }).click();
    await page.getByRole('link', { name: /Robert Chen's personal link/ }).click();
    await expect(page.getByRole('region', { name: 'Robert Chen' })).toBeVisible();
  });

  test('works on a phone screen in dark mode', async ({ browser }) => {
    // A long company name with a logo: the header shows all of it (it wraps), never "Bright Ledger Tax Ser…".
    const company = 'Bright Ledger Tax Services and Bookkeeping';
    const longNamed = await newPortal({ companyName: company, logoUrl: `${E2E_BASE_URL}/favicon.svg` });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`/portal/${longNamed}?email=${encodeURIComponent('priya.nair@example.com')}`);
    await expect(page.getByRole('region', { name: 'Priya Nair' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const name = page.getByRole('banner').getByText(company, { exact: true });
    await expect(name).toBeVisible();
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
    if (process.env.H1_SHOTS) await page.screenshot({ path: `${process.env.H1_SHOTS}/portal-long-name-375-dark.png`, fullPage: true });
    await context.close();
  });

  test("the card says the estimate: its range, when it was updated, the settings' basis, and why it moved later", async ({ browser }, testInfo) => {
    const id = await newPortal({ companyName: 'Harbor Tax Partners', title: 'Tax Return Status', primaryColor: '#0F766E' });
    const estimateOf = async () => {
      const list = (await (await api.get(`/api/v1/portals/${id}/clients?pageSize=100`)).json()) as { clients: { email: string; estimate?: { likely: string } | null }[] };
      return list.clients.find((c) => c.email === 'maria.gonzalez@example.com')?.estimate?.likely ?? null;
    };
    // The import asks for the portal's estimates on the job queue; they are there a moment later.
    await expect.poll(estimateOf, { timeout: 30_000 }).not.toBeNull();
    const firstLikely = await estimateOf();
    const open = async (width: number, colorScheme: 'light' | 'dark', shot: string) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
      const page = await context.newPage();
      await page.goto(`/portal/${id}?email=${encodeURIComponent('maria.gonzalez@example.com')}`);
      const note = page.getByRole('region', { name: 'Maria Gonzalez' }).getByTestId('card-estimate');
      await expect(note).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`${shot}.png`), fullPage: true });
      return { context, note };
    };
    // A new portal: no completions yet, so the range is around the settings' formula and says so.
    const light = await open(1280, 'light', 'estimate-1280-light');
    await expect(light.note).toContainText(/^Around \w+ \d+(, \d{4})?, very likely between \w+ \d+(, \d{4})? and \w+ \d+(, \d{4})?\./);
    await expect(light.note).toContainText("Based on the business's settings. Updated");
    await expect(light.note).not.toContainText('moved later');
    await light.context.close();

    // The business doubles its average project duration: the date the client saw moves later, and the card says why.
    const portal = (await (await api.get(`/api/v1/portals/${id}`)).json()) as { workloadSettings: Record<string, unknown> & { averageProjectDuration: number } };
    const longer = { ...portal.workloadSettings, averageProjectDuration: portal.workloadSettings.averageProjectDuration * 2 };
    expect((await call('patch', `/api/v1/portals/${id}`, { workloadSettings: longer })).status()).toBe(200);
    await expect.poll(estimateOf, { timeout: 30_000 }).not.toBe(firstLikely);
    for (const [width, scheme] of [[375, 'dark'], [1280, 'dark'], [375, 'light']] as const) {
      const view = await open(width, scheme, `estimate-${width}-${scheme}`);
      await expect(view.note).toContainText('We updated our workload settings, so your date moved later.');
      await view.context.close();
    }

    // A single date: no range sentence; no estimate: no note at all.
    await call('patch', `/api/v1/portals/${id}`, { config: { estimateStyle: 'date' } });
    const single = await open(375, 'light', 'estimate-375-light-single-date');
    await expect(single.note).not.toContainText('very likely');
    await expect(single.note).toContainText('Updated');
    await single.context.close();
    await call('patch', `/api/v1/portals/${id}`, { config: { showEstimatedCompletion: false } });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/portal/${id}?email=${encodeURIComponent('maria.gonzalez@example.com')}`);
    await expect(page.getByRole('region', { name: 'Maria Gonzalez' })).toBeVisible();
    await expect(page.getByTestId('card-estimate')).toHaveCount(0);
    await expect(page.getByText('Estimated completion')).toHaveCount(0);
    await context.close();
  });

  test('the page loads at most 80 KB of JavaScript, gzip (its own small bundle)', async ({ page }) => {
    const js = portalPageJs(fileURLToPath(new URL('../../dist/web', import.meta.url)));
    expect(js, 'no build in dist/web').not.toBeNull();
    expect(js!.gzip).toBeLessThanOrEqual(PORTAL_JS_BUDGET_BYTES);
    // What the browser really fetches for the page is that set: no app or marketing chunk comes along.
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/portal/${portalId}`);
    await expect(page.getByLabel('Email Address or Full Name')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.length).toBeLessThanOrEqual(js!.files);
  });
});
