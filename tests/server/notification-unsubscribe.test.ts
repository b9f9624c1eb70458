import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientNotificationPrefs } from '../../src/server/db/schema';
import { accessToken, lookup, portalWithClients, setConfig } from './portal-helpers';
import { changeClient, messagesOf, MINUTE } from './notification-support';
import { request } from '../support/sheets';
import { startTestSmtp, type AcceptedMail, type TestSmtp } from '../support/test-smtp';
import { useTestApp, nextIp, TEST_ORIGIN } from '../support/test-app';

// The client decides (issue 19 item 4): one-click unsubscribe (RFC 8058) and the page, the card's switch with an
// access link or a code; only the client turns updates back on; codes they ask for still come.

let smtp: TestSmtp;
let portal: Awaited<ReturnType<typeof portalWithClients>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'updates@statuslink.test' }), { realMailer: true });
beforeAll(async () => {
  portal = await portalWithClients(t.app, { companyName: 'Harbour Accounting' });
  t.clock.set('2026-03-02T15:00:00Z');
});
beforeEach(() => {
  smtp.accepted.length = 0;
});

/** Changes the client's status and lets the window pass; returns the e-mail sent, if any. */
async function statusMail(clientId: string, status: string) {
  const before = smtp.accepted.length;
  await changeClient(t, portal.portalId, clientId, { status });
  t.clock.advance(10 * MINUTE);
  await t.app.ctx.jobs.runDue();
  if (smtp.accepted.length === before) return undefined;
  return (await smtp.waitFor(before + 1)).at(-1);
}

const listUnsubscribeUrl = (mail: AcceptedMail) =>
  /<(http[^>]+)>/.exec(mail.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')!.line.replace(/\s+/g, ''))![1]!;

describe('unsubscribe', () => {
  it('one click from the mail program turns updates off for that address; nothing more is sent but codes asked for', async () => {
    const mail = await statusMail('T-1002', 'In Review');
    expect(mail).toBeDefined();
    const url = new URL(listUnsubscribeUrl(mail!));
    expect(url.pathname).toBe('/api/public/unsubscribe');

    const status = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, remoteAddress: nextIp() });
    expect(status.json()).toEqual({ companyName: 'Harbour Accounting', email: 'j•••@e•••.net', subscribed: true });
    const browser = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { accept: 'text/html,application/xhtml+xml' }, remoteAddress: nextIp() });
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe(`/unsubscribe${url.search}`);

    // RFC 8058: a POST with the form body, no Origin, no cookie.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: nextIp(),
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().subscribed).toBe(false);
    const [pref] = await t.app.ctx.db.select().from(clientNotificationPrefs);
    expect(pref).toMatchObject({ portalId: portal.portalId, emailNormalized: 'jwhitfield@example.net', emailOptOut: true, changedVia: 'one_click' });

    expect(await statusMail('T-1002', 'In Progress')).toBeUndefined();
    expect((await messagesOf(t.app, portal.portalId, 'T-1002')).at(-1)).toMatchObject({ state: 'skipped', detail: 'The client turned off e-mail updates' });

    // The business sees it and has no way to turn it back on.
    const seen = await request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/clients/T-1002/messages`, portal.cookie);
    expect(seen.json().email).toMatchObject({ optedOut: true, problem: 'The client turned off e-mail updates' });
    expect((await request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/notification-settings`, portal.cookie)).json().counts.optedOut).toBe(1);

    // A verification code the client asks for still comes.
    await setConfig(t.app, portal.cookie, portal.portalId, { requireVerification: true });
    smtp.accepted.length = 0;
    const asked = await lookup(t.app, portal.portalId, { query: 'jwhitfield@example.net' });
    expect(asked.statusCode).toBe(202);
    const [code] = await smtp.waitFor(1);
    expect(code!.subject).toMatch(/verification code/);
    await setConfig(t.app, portal.cookie, portal.portalId, { requireVerification: false });

    // On again from the page (the client holds the link).
    const again = await t.app.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ subscribed: true }),
      remoteAddress: nextIp(),
    });
    expect(again.json().subscribed).toBe(true);
    smtp.accepted.length = 0;
    expect((await statusMail('T-1002', 'Waiting for signature'))?.to).toBe('jwhitfield@example.net');
  });

  it('a link that is not ours is refused the same way', async () => {
    for (const t_ of ['nope', 'A'.repeat(120)]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/public/unsubscribe?t=${t_}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click', remoteAddress: nextIp() });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('invalid_link');
    }
  });
});

describe("the card's switch", () => {
  it('needs an access link or a code; turns updates off and on for that client', async () => {
    const token = await accessToken(t.app, portal.cookie, portal.portalId, 'T-1004');
    const opened = await lookup(t.app, portal.portalId, { token });
    expect(opened.json()).toMatchObject({ verified: true, emailUpdates: true });
    const session = opened.json().session as string;
    const put = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/public/portals/${portal.portalId}/notifications`,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
        remoteAddress: nextIp(),
      });
    expect((await put({ session, email: false })).json()).toEqual({ email: false });
    expect((await lookup(t.app, portal.portalId, { session })).json().emailUpdates).toBe(false);
    expect(await statusMail('T-1004', 'In Progress')).toBeUndefined();
    expect((await put({ session, email: true })).json()).toEqual({ email: true });
    expect((await statusMail('T-1004', 'Waiting for signature'))?.to).toBe('robert.chen@example.com');

    // A plain search is no proof: no switch state, and a made-up session is refused.
    const searched = await lookup(t.app, portal.portalId, { query: 'robert.chen@example.com' });
    expect(searched.json().emailUpdates).toBeUndefined();
    const forged = await put({ session: 'abc.def', email: false });
    expect([forged.statusCode, forged.json().error.code]).toEqual([401, 'session_expired']);
  });
});
