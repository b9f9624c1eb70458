import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients, clientSmsConsents, jobs, notificationMessages } from '../../src/server/db/schema';
import { portalWithClients } from './portal-helpers';
import { changeClient, messagesOf, MINUTE, setNotificationSettings } from './notification-support';
import { request } from '../support/sheets';
import { useTestApp, TEST_ORIGIN } from '../support/test-app';
import { startTwilioStandIn, TEST_TWILIO, type TwilioStandIn } from '../support/twilio-stand-in';
import { twilioSender, type TwilioSettings } from '../../src/server/integrations/sms/twilio-sms';

// Texts for urgent updates (issue 19 item 7, D10) through the `twilio` package against a local stand-in of Twilio's
// Messages API: what is urgent, consent, the hours, the daily limit, Twilio's failures, the signed webhooks.

const CSV = `Client ID,Client Name,Email Address,Mobile,Status,Priority
T-1,Maria Gonzalez,maria@example.com,(415) 555-0134,In Progress,normal
T-2,James Whitfield,james@example.net,+44 20 7946 0958,In Progress,urgent
T-3,Aiko Tanaka,aiko@example.org,call me,In Progress,normal
`;
const MARIA = '+14155550134';
const JAMES = '+442079460958';

let twilio: TwilioStandIn;
let portal: Awaited<ReturnType<typeof portalWithClients>>;

beforeAll(async () => {
  twilio = await startTwilioStandIn();
});
afterAll(async () => {
  await twilio.close();
});
const t = useTestApp(() => twilio.env());
beforeAll(async () => {
  portal = await portalWithClients(t.app, { csv: CSV, companyName: 'Owner & Co Tax' });
});
beforeEach(async () => {
  twilio.sent.length = 0;
  twilio.onCreate = () => null;
  await t.app.ctx.db.delete(notificationMessages);
  await t.app.ctx.db.delete(jobs);
  await t.app.ctx.db.delete(clientSmsConsents);
  await t.app.ctx.db.update(clients).set({ status: 'In Progress' }).where(eq(clients.portalId, portal.portalId));
  t.clock.set('2026-03-02T15:00:00Z'); // 10:00 in New York, a Monday
  await setNotificationSettings(t, portal.portalId, (s) => {
    s.sms = { enabled: true, urgentStatuses: ['action needed'], urgentPriorities: ['urgent'], phoneColumn: 'Mobile', dailyLimit: 2 };
  });
  for (const clientId of ['T-1', 'T-2']) await consent(clientId, true);
});

const run = () => t.app.ctx.jobs.runDue();
const consent = (clientId: string, consented: boolean) =>
  request(t.app, 'PUT', `/api/v1/portals/${portal.portalId}/clients/${clientId}/sms-consent`, portal.cookie, { consented });
const texts = async (clientId: string) => (await messagesOf(t.app, portal.portalId, clientId)).filter((m) => m.channel === 'sms');

/** A webhook from Twilio to the app, signed (or not) as Twilio signs it. */
function twilioWebhook(path: string, params: Record<string, string>, signature = twilio.sign(`${TEST_ORIGIN}${path}`, params)) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    payload: new URLSearchParams(params).toString(),
  });
}

describe('texts for urgent updates', () => {
  it('an urgent change is texted once, after the window, to the number in the phone column; others are not', async () => {
    await changeClient(t, portal.portalId, 'T-1', { status: 'Action Needed' }); // urgent status
    await changeClient(t, portal.portalId, 'T-2', { status: 'In Review' }); // urgent priority
    await run();
    expect(twilio.sent).toHaveLength(0);
    t.clock.advance(10 * MINUTE);
    await run();
    expect(twilio.sent.map((s) => s.to).sort()).toEqual([JAMES, MARIA].sort());
    const maria = twilio.sent.find((s) => s.to === MARIA)!;
    expect(maria.from).toBe(TEST_TWILIO.from);
    expect(maria.statusCallback).toBe(`${TEST_ORIGIN}/api/public/sms/status`);
    expect(maria.body).toMatch(/^Owner & Co Tax: your project is now Action Needed\. .*http:\/\/localhost:3000\/portal\/\S+ Reply STOP to stop texts\.$/);
    expect(await texts('T-1')).toMatchObject([{ state: 'sent', via: 'twilio', toAddress: MARIA, providerMessageId: maria.sid, triggers: ['status'] }]);
    // The e-mail goes its own way.
    expect((await messagesOf(t.app, portal.portalId, 'T-1')).filter((m) => m.channel === 'email')).toHaveLength(1);

    // Not urgent: a normal client's ordinary status; a change undone within the window.
    await changeClient(t, portal.portalId, 'T-1', { status: 'In Review' });
    await changeClient(t, portal.portalId, 'T-2', { status: 'Waiting' });
    await changeClient(t, portal.portalId, 'T-2', { status: 'In Review' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect(twilio.sent).toHaveLength(2);
    expect(await texts('T-1')).toHaveLength(1);
    expect((await texts('T-2')).map((m) => [m.state, m.detail])).toEqual([
      ['sent', null],
      ['skipped', 'Nothing to tell: the change was undone within the batching window'],
    ]);
    expect((await request(t.app, 'GET', '/api/v1/notifications/summary', portal.cookie)).json()).toMatchObject({ textsThisMonth: 2 });
  });

  it('only with consent and a number that can be texted, each shown to the business with the reason', async () => {
    await consent('T-1', false);
    const noNumber = await consent('T-3', true);
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().error.message).toBe('The client must have a valid phone number in the phone column before consent can be recorded');
    for (const id of ['T-1', 'T-3']) await changeClient(t, portal.portalId, id, { status: 'Action Needed' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect(twilio.sent).toHaveLength(0);
    expect((await texts('T-1'))[0]).toMatchObject({ state: 'skipped', detail: 'The client has not agreed to texts' });
    expect((await texts('T-3'))[0]).toMatchObject({ state: 'skipped', detail: '"call me" is not a phone number' });
    const view = await request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/clients/T-2/sms-consent`, portal.cookie);
    expect(view.json()).toMatchObject({ phone: '+44 •••• 0958', consent: 'given', via: 'owner', problem: null });
    const settings = (await request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/notification-settings`, portal.cookie)).json();
    expect(settings.sms).toMatchObject({ configured: true, missing: [], planIncludes: true, outage: null, consented: 1 });
    expect(settings.sms.columns).toContain('Mobile');
  });

  it('never before 8:00 or after 21:00 in the business time zone, and at most the daily limit per client', async () => {
    t.clock.set('2026-03-03T02:30:00Z'); // 21:30 in New York
    await changeClient(t, portal.portalId, 'T-1', { status: 'Action Needed' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect(twilio.sent).toHaveLength(0);
    expect((await texts('T-1'))[0]).toMatchObject({ state: 'held' });
    expect((await texts('T-1'))[0]!.sendAfter.toISOString()).toBe('2026-03-03T13:00:00.000Z'); // 8:00
    t.clock.set('2026-03-03T13:00:00Z');
    await run();
    expect(twilio.sent.map((s) => s.to)).toEqual([MARIA]);

    for (const status of ['Waiting', 'Action Needed', 'Waiting', 'Action Needed']) {
      await changeClient(t, portal.portalId, 'T-1', { status });
      t.clock.advance(10 * MINUTE);
      await run();
    }
    expect(twilio.sent).toHaveLength(2);
    expect((await texts('T-1')).map((m) => m.state)).toEqual(['sent', 'sent', 'skipped']);
    expect((await texts('T-1'))[2]!.detail).toBe('Already sent 2 texts to this client today');
  });

  it("Twilio's refusals: a bad number fails that text; its 5xx holds texts and retries; a STOP it reports withdraws consent", async () => {
    twilio.onCreate = () => ({ status: 400, code: 21211, message: "The 'To' number +14155550134 is not a valid phone number." });
    await changeClient(t, portal.portalId, 'T-1', { status: 'Action Needed' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect((await texts('T-1'))[0]).toMatchObject({ state: 'failed', detail: "The 'To' number +14155550134 is not a valid phone number." });

    twilio.onCreate = () => ({ status: 503, code: 20503, message: 'Service unavailable' });
    await changeClient(t, portal.portalId, 'T-2', { status: 'Action Needed' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect((await texts('T-2'))[0]).toMatchObject({ state: 'sending', detail: 'Retrying: Twilio answered 503: Service unavailable' });
    expect(t.app.ctx.jobs.pausedChannels()).toMatchObject([{ channel: 'sms' }]);
    const settings = (await request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/notification-settings`, portal.cookie)).json();
    expect(settings.sms.outage).toMatchObject({ lastError: 'Twilio answered 503: Service unavailable' });
    twilio.onCreate = () => ({ status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    t.clock.advance(2 * MINUTE);
    await run();
    expect((await texts('T-2'))[0]).toMatchObject({ state: 'skipped', detail: 'The client replied STOP' });
    expect((await consent('T-2', true)).statusCode).toBe(409);
    expect(twilio.sent).toHaveLength(0);
  });

  it('the delivery report and the replies come signed: delivered or not is shown; STOP, START and HELP are honoured', async () => {
    await changeClient(t, portal.portalId, 'T-1', { status: 'Action Needed' });
    t.clock.advance(10 * MINUTE);
    await run();
    const { sid } = twilio.sent[0]!;
    const status = (s: string, extra: Record<string, string> = {}) => ({ MessageSid: sid, MessageStatus: s, AccountSid: TEST_TWILIO.accountSid, To: MARIA, ...extra });
    const forged = await twilioWebhook('/api/public/sms/status', status('undelivered'), 'bm90IGEgc2lnbmF0dXJl');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('invalid_signature');
    expect((await twilioWebhook('/api/public/sms/status', status('delivered'))).statusCode).toBe(204);
    expect((await texts('T-1'))[0]).toMatchObject({ state: 'sent', detail: 'Delivered to the phone' });
    await twilioWebhook('/api/public/sms/status', status('undelivered', { ErrorCode: '30003' }));
    expect((await texts('T-1'))[0]).toMatchObject({ state: 'failed', detail: 'The carrier did not deliver it (Twilio error 30003)' });

    const reply = (Body: string) => twilioWebhook('/api/public/sms/inbound', { From: MARIA, To: TEST_TWILIO.from, Body, MessageSid: 'SM0000' });
    const help = await reply('help');
    expect(help.headers['content-type']).toContain('text/xml');
    expect(help.body).toContain('<Message>StatusLink sends project updates for the businesses you work with. Reply STOP to stop texts.</Message>');
    expect((await reply('STOP')).body).toContain('Reply START to get them again.');
    expect((await request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/clients/T-1/sms-consent`, portal.cookie)).json()).toMatchObject({ consent: 'stopped', problem: 'The client replied STOP' });
    const refused = await consent('T-1', true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('sms_opted_out');
    await changeClient(t, portal.portalId, 'T-1', { status: 'Waiting' });
    await changeClient(t, portal.portalId, 'T-1', { status: 'Action Needed' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect((await texts('T-1'))[1]).toMatchObject({ state: 'skipped', detail: 'The client replied STOP' });
    expect((await reply('Start')).body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect((await request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/clients/T-1/sms-consent`, portal.cookie)).json()).toMatchObject({ consent: 'given', via: 'start' });
    expect(twilio.sent).toHaveLength(1);
  });

  it('TWILIO_REGION and TWILIO_EDGE in the environment do not take texts past the configured base URL', async () => {
    const saved = { region: process.env.TWILIO_REGION, edge: process.env.TWILIO_EDGE };
    process.env.TWILIO_REGION = 'ie1';
    process.env.TWILIO_EDGE = 'dublin';
    try {
      // Another sender (a new From) so the package is set up anew and reads the variables (it would call api.dublin.ie1.twilio.com).
      const sender = twilioSender({ ...twilio.env(), TWILIO_FROM: '+15005550007' } as TwilioSettings)!;
      const sent = await sender.send({ to: MARIA, body: 'Region test' });
      expect(twilio.sent.map((s) => [s.sid, s.to, s.body])).toEqual([[sent.sid, MARIA, 'Region test']]);
    } finally {
      for (const [name, value] of [['TWILIO_REGION', saved.region], ['TWILIO_EDGE', saved.edge]] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
