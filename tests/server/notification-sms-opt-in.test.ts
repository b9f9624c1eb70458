import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients, clientSmsConsents, jobs, notificationMessages } from '../../src/server/db/schema';
import { accessToken, lookup } from './portal-helpers';
import { changeClient, messagesOf, MINUTE, setNotificationSettings } from './notification-support';
import { appTextingThroughStandIn } from './sms-support';
import { request } from '../support/sheets';
import { TEST_ORIGIN, type TestApp } from '../support/test-app';
import type { TwilioStandIn } from '../support/twilio-stand-in';

// The client's own opt-in to texts on the portal card (issue 19 item 7): a code texted to the number in the phone
// column, entered on the card, records the consent; the owner sees how and when, and cannot undo the client's "no".

const CSV = `Client ID,Client Name,Email Address,Mobile,Status,Priority
T-1,Maria Gonzalez,maria@example.com,(415) 555-0134,In Progress,normal
T-2,James Whitfield,james@example.net,,In Progress,normal
T-3,Aiko Tanaka,aiko@example.org,212 555 0199,In Progress,normal
`;
const MARIA = '+14155550134';

let twilio: TwilioStandIn;
let t: TestApp;
let portal: Awaited<ReturnType<typeof appTextingThroughStandIn>>['portal'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ twilio, t, portal, close } = await appTextingThroughStandIn(CSV));
  await setNotificationSettings(t, portal.portalId, (s) => {
    s.sms = { enabled: true, urgentStatuses: ['action needed'], urgentPriorities: [], phoneColumn: 'Mobile', dailyLimit: 2 };
  });
});
afterAll(() => close());
beforeEach(async () => {
  twilio.sent.length = 0;
  await t.app.ctx.db.delete(notificationMessages);
  await t.app.ctx.db.delete(jobs);
  await t.app.ctx.db.delete(clientSmsConsents);
  await t.app.ctx.db.update(clients).set({ status: 'In Progress' }).where(eq(clients.portalId, portal.portalId));
  t.clock.set('2026-03-02T15:00:00Z'); // 10:00 in New York
});

/** A card session opened with the client's access link, and what the card said about texts. */
async function openCard(clientId: string) {
  const opened = await lookup(t.app, portal.portalId, { token: await accessToken(t.app, portal.cookie, portal.portalId, clientId) });
  expect(opened.statusCode).toBe(200);
  return { session: opened.json().session as string, textUpdates: opened.json().textUpdates };
}

const publicCall = (method: 'POST' | 'PUT', path: string, body: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/public/portals/${portal.portalId}${path}`, headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const askCode = (session: string) => publicCall('POST', '/sms-consent/code', { session });
const setTexts = (body: Record<string, unknown>) => publicCall('PUT', '/sms-consent', body);
const ownerView = async (clientId: string) => (await request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/clients/${clientId}/sms-consent`, portal.cookie)).json();
const codeIn = (body: string) => /is (\d{6})\./.exec(body)![1]!;

describe("the card's opt-in to texts", () => {
  it('a code texted to the number in the phone column, entered on the card, records consent; then urgent updates are texted', async () => {
    const { session, textUpdates } = await openCard('T-1');
    expect(textUpdates).toEqual({ phone: '+1 •••• 0134', consent: 'none' });

    const asked = await askCode(session);
    expect(asked.statusCode).toBe(202);
    const { challenge } = asked.json();
    expect(asked.json()).toMatchObject({ phone: '+1 •••• 0134', minutes: 10 });
    expect(twilio.sent).toHaveLength(1);
    expect(twilio.sent[0]).toMatchObject({ to: MARIA });
    expect(twilio.sent[0]!.body).toMatch(/^Owner & Co Tax: your code to get texts about your project is \d{6}\. It expires in 10 minutes\.$/);
    const code = codeIn(twilio.sent[0]!.body);

    // No second code within the minute.
    expect((await askCode(session)).statusCode).toBe(429);
    // A wrong code, a missing challenge, a code of the wrong shape: refused, nothing recorded.
    const wrong = await setTexts({ session, texts: true, challenge, code: code === '000000' ? '111111' : '000000' });
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([400, 'invalid_code']);
    expect((await setTexts({ session, texts: true, code })).statusCode).toBe(400);
    expect((await setTexts({ session, texts: true, challenge, code: '12ab' })).json().error.message).toBe('Enter the 6-digit code from the text.');
    expect(await ownerView('T-1')).toMatchObject({ consent: 'none' });

    const agreed = await setTexts({ session, texts: true, challenge, code });
    expect(agreed.json()).toEqual({ phone: '+1 •••• 0134', consent: 'given' });
    expect(await ownerView('T-1')).toMatchObject({ consent: 'given', via: 'code', recordedBy: null, since: '2026-03-02T15:00:00.000Z', problem: null });
    expect((await openCard('T-1')).textUpdates).toEqual({ phone: '+1 •••• 0134', consent: 'given' });

    await changeClient(t, portal.portalId, 'T-1', { status: 'Action Needed' });
    t.clock.advance(10 * MINUTE);
    await t.app.ctx.jobs.runDue();
    expect(twilio.sent.map((s) => s.to)).toEqual([MARIA, MARIA]);
    expect((await messagesOf(t.app, portal.portalId, 'T-1')).filter((m) => m.channel === 'sms')).toMatchObject([{ state: 'sent' }]);
  });

  it('an expired code is refused; turning texts off on the card is the client’s own “no”, which the owner cannot undo', async () => {
    // Another client than the first test's, whose code limits this one need not know.
    const { session } = await openCard('T-3');
    const { challenge } = (await askCode(session)).json();
    const code = codeIn(twilio.sent[0]!.body);
    t.clock.advance(11 * MINUTE);
    expect((await setTexts({ session, texts: true, challenge, code })).json().error.code).toBe('invalid_code');

    const recorded = await request(t.app, 'PUT', `/api/v1/portals/${portal.portalId}/clients/T-3/sms-consent`, portal.cookie, { consented: true });
    expect(recorded.json()).toMatchObject({ consent: 'given', via: 'owner', recordedBy: expect.any(String) });
    expect(recorded.json().recordedBy.length).toBeGreaterThan(0);

    expect((await setTexts({ session, texts: false })).json()).toEqual({ phone: '+1 •••• 0199', consent: 'none' });
    expect(await ownerView('T-3')).toMatchObject({ consent: 'stopped', problem: 'The client turned texts off on their project page' });
    const overridden = await request(t.app, 'PUT', `/api/v1/portals/${portal.portalId}/clients/T-3/sms-consent`, portal.cookie, { consented: true });
    expect([overridden.statusCode, overridden.json().error.code]).toEqual([409, 'sms_opted_out']);
    await changeClient(t, portal.portalId, 'T-3', { status: 'Action Needed' });
    t.clock.advance(10 * MINUTE);
    await t.app.ctx.jobs.runDue();
    expect(twilio.sent).toHaveLength(1); // the code only
  });

  it('nothing is offered or sent without a number, a session, or an SMS provider', async () => {
    const james = await openCard('T-2');
    expect(james.textUpdates).toBeUndefined();
    expect((await askCode(james.session)).json().error.code).toBe('sms_unavailable');
    expect([(await askCode('abc.def')).statusCode]).toEqual([401]);

    const env = t.app.ctx.env as unknown as Record<string, string | undefined>;
    const from = env.TWILIO_FROM;
    env.TWILIO_FROM = undefined;
    try {
      const maria = await openCard('T-1');
      expect(maria.textUpdates).toBeUndefined();
      const refused = await askCode(maria.session);
      expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'sms_unavailable']);
    } finally {
      env.TWILIO_FROM = from;
    }
    expect(twilio.sent).toHaveLength(0);
  });
});
