import { test as base } from '@playwright/test';

export * from '@playwright/test';

let nextAddress = 0;

/**
 * Playwright's `test`, with each test given its own client address. The app under test trusts
 * X-Forwarded-For (TRUST_PROXY=true in e2e-server.ts), so the per-IP limits (10 sign-ins a minute, 5
 * sign-ups...) count each test on its own, as they would count separate visitors, instead of adding up
 * across a fast run of the whole suite. Contexts a test opens itself (browser.newContext) inherit it.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    nextAddress += 1;
    const id = testInfo.workerIndex * 10_000 + nextAddress;
    const address = `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address });
  },
});
