import { test as base, expect } from '@playwright/test';

export * from '@playwright/test';

let nextAddress = 0;

/**
 * Playwright's `test`, with two additions for every browser test:
 * - Each test has its own client address. The app under test trusts X-Forwarded-For (TRUST_PROXY=true in
 *   e2e-server.ts), so the per-IP limits (10 sign-ins a minute, 5 sign-ups...) count each test on its own, as
 *   they would count separate visitors, instead of adding up across a fast run of the whole suite. Contexts a
 *   test opens itself (browser.newContext) inherit it.
 * - The test fails if the page reported a Content-Security-Policy violation (say, an inline script the
 *   policy does not allow), which would otherwise only show as a console message.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    nextAddress += 1;
    const id = testInfo.workerIndex * 10_000 + nextAddress;
    const address = `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await use(page);
    expect(violations, 'Content-Security-Policy violations on the page').toEqual([]);
  },
});
