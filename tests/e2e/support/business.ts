// A business owner for browser tests: signed up in the page's own context (so the page is signed in), with a
// portal filled from the tax preparer's sample sheet, and the calls to set that up.
import fs from 'node:fs';
import { E2E_BASE_URL } from './constants';
import { expect, type APIRequestContext, type Page } from './test';

export const SAMPLE_CSV = fs.readFileSync(new URL('../../fixtures/sheets/tax-preparer.csv', import.meta.url), 'utf8');
export const OWNER_PASSWORD = 'Harbour-Lights-42';

export const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** An API call from the page's context (its cookies, our Origin); waits out a 429 instead of failing on it. */
export async function apiCall(
  page: Page,
  method: 'get' | 'post' | 'patch' | 'put' | 'delete',
  url: string,
  data?: unknown,
  contentType = 'application/json',
) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const res = await page.request[method](url, {
      headers: { 'content-type': contentType, origin: E2E_BASE_URL },
      data: data === undefined ? undefined : contentType === 'application/json' ? JSON.stringify(data) : (data as string),
    });
    if (res.status() !== 429) return res;
    await new Promise((r) => setTimeout(r, (Number(res.headers()['retry-after'] ?? 5) + 1) * 1000));
  }
  throw new Error(`${url} stayed rate-limited`);
}

export interface OwnerOptions {
  /** Part of the e-mail address, to tell the tests' accounts apart. */
  label?: string;
  name?: string;
  companyName?: string;
  plan?: 'starter' | 'professional' | 'business';
}

/** Signs up a business (by default Harbor Tax Partners, New York) in the page's context; returns its e-mail. */
export async function signUpOwner(page: Page, options: OwnerOptions = {}): Promise<{ email: string }> {
  const email = `${options.label ?? 'owner'}-${unique()}@example.com`;
  const res = await apiCall(page, 'post', '/api/auth/sign-up/email', {
    email,
    password: OWNER_PASSWORD,
    name: options.name ?? 'Maya Fischer',
    companyName: options.companyName ?? 'Harbor Tax Partners',
    phone: '+1 555 0100',
    plan: options.plan ?? 'business',
    timeZone: 'America/New_York',
    acceptTerms: true,
  });
  expect(res.status()).toBe(200);
  await signInOnceCreated(page.request, email, OWNER_PASSWORD);
  return { email };
}

/**
 * Signs in with the password of an account just signed up: a sign-up never signs in, and its account is created
 * after the answer (decision 0021), so the sign-in is tried until the account is there.
 */
export async function signInOnceCreated(request: APIRequestContext, email: string, password: string) {
  await expect
    .poll(async () => {
      const res = await request.post('/api/auth/sign-in/email', { headers: { 'content-type': 'application/json', origin: E2E_BASE_URL }, data: JSON.stringify({ email, password }) });
      return res.status();
    }, { timeout: 15_000 })
    .toBe(200);
}

/** Signs up a business and fills a new portal from the sample sheet; returns the portal id and the e-mail. */
export async function ownerWithSheet(page: Page, options: OwnerOptions = {}): Promise<{ portalId: string; email: string }> {
  const { email } = await signUpOwner(page, options);
  const created = await apiCall(page, 'post', '/api/v1/portals', {});
  expect(created.status()).toBe(201);
  const portalId = (await created.json()).portalId as string;
  expect((await apiCall(page, 'post', `/api/v1/portals/${portalId}/import`, SAMPLE_CSV, 'text/csv')).status()).toBe(200);
  return { portalId, email };
}

/** Full-page screenshots at 1280 and 375 px, light and dark, into `dir` (when set): for looking at, not asserting. */
export async function shootBothThemes(page: Page, dir: string | undefined, name: string) {
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.evaluate((s) => document.documentElement.classList.toggle('dark', s === 'dark'), scheme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(200);
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
}
