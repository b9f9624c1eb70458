import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

// Issue 18 item 8: time comes from the app's clock (ctx.clock, or a `now` its caller took from it), so tests move
// time instead of sleeping. These files were moved to it and must not read the real clock again.
const onTheAppClock = [
  'src/server/jobs/lifecycle-emails.ts',
  'src/server/jobs/monthly-report.ts',
  'src/server/lib/timed-value.ts',
  'src/server/services/admin/inbox.ts',
  'src/server/services/custom-domains/served-domains.ts',
  'src/server/services/email-templates/template-cache.ts',
  'src/server/services/platform-settings/settings-cache.ts',
  'src/server/services/portal-lookup/portal-meta-cache.ts',
  'src/server/services/webhooks/endpoint-cache.ts',
];
const realClock = /\bDate\.now\(\)|\bnew Date\(\)/g;

describe('time from the app clock', () => {
  it.each(onTheAppClock)('%s reads no Date.now() or new Date()', (file) => {
    const source = fs.readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
    expect(source.match(realClock) ?? []).toEqual([]);
  });
});
