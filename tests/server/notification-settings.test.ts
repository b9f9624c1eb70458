import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@core/notification-settings';
import { activityEvents } from '../../src/server/db/schema';
import { portalWithClients } from './portal-helpers';
import { changeClient, MINUTE } from './notification-support';
import { businessWithPortal, request } from '../support/sheets';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { useTestApp, signUp } from '../support/test-app';

// The portal's notification settings, preview, test send and each client's messages (issue 19 items 2, 6, 8).

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
});

const settingsUrl = (id: string) => `/api/v1/portals/${id}/notification-settings`;

describe('notification settings', () => {
  it('reads the defaults, the statuses found in the data with their default lines, and how mail goes', async () => {
    const res = await request(t.app, 'GET', settingsUrl(portal.portalId), portal.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.settings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(body.emailEnabled).toBe(true);
    expect(body.mail).toEqual({ via: 'smtp', outage: null });
    expect(body.statuses).toContainEqual({ status: 'Review', key: 'review', clients: expect.any(Number), defaultLine: 'Your project is being reviewed. We will let you know if we need anything from you.' });
    expect(body.counts).toEqual({ optedOut: 0, bouncing: 0 });
  });

  it('refuses an unknown placeholder at save, naming it, and saves nothing', async () => {
    const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    settings.templates.updateSubject = '{{companyName}} news for {{firstName}}';
    const res = await request(t.app, 'PUT', settingsUrl(portal.portalId), portal.cookie, { settings, emailEnabled: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      message: 'Unknown placeholder {{firstName}} in the update subject. You can use {{clientName}}, {{companyName}}, {{status}}, {{position}}, {{estimate}} and {{headline}}.',
    });
    const line = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    line.statusLines = { review: 'Ready by {{date}}' };
    const res2 = await request(t.app, 'PUT', settingsUrl(portal.portalId), portal.cookie, { settings: line, emailEnabled: true });
    expect(res2.json().error.message).toMatch(/^Unknown placeholder \{\{date\}\} in the status line\./);
    expect((await request(t.app, 'GET', settingsUrl(portal.portalId), portal.cookie)).json().settings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('saves triggers, window, quiet hours and lines, with an activity row; texts need the Business plan', async () => {
    const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    settings.triggers.queue.position = 5;
    settings.windowMinutes = 30;
    settings.quietHours = { enabled: true, start: '21:30', end: '07:00' };
    settings.statusLines = { 'In Review': 'A partner reads every return before we file.' };
    const res = await request(t.app, 'PUT', settingsUrl(portal.portalId), portal.cookie, { settings, emailEnabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({ windowMinutes: 30, quietHours: settings.quietHours, statusLines: { 'in review': 'A partner reads every return before we file.' } });
    const activity = await t.app.ctx.db.select().from(activityEvents).where(and(eq(activityEvents.type, 'portal.notification_settings_updated'), eq(activityEvents.actorUserId, portal.user.id)));
    expect(activity).toHaveLength(1);

    const pro = await businessWithPortal(t.app, { plan: 'professional' });
    const sms = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    sms.sms.enabled = true;
    const refused = await request(t.app, 'PUT', settingsUrl(pro.portalId), pro.cookie, { settings: sms, emailEnabled: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('plan_feature');
  });

  it('previews an update with the unsaved settings, in the business name and colours', async () => {
    const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    settings.statusLines = { 'on hold': 'We wait for your signed engagement letter.' };
    settings.templates.updateIntro = 'Dear {{clientName}},';
    const res = await request(t.app, 'POST', `${settingsUrl(portal.portalId)}/preview`, portal.cookie, { settings, status: 'On Hold' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.subject).toBe('Harbour Accounting: Your project is now On Hold');
    expect(body.from).toBe('Harbour Accounting');
    expect(body.text).toContain('Dear Maria Gonzalez,');
    expect(body.text).toContain('We wait for your signed engagement letter.');
    expect(body.html).toContain('We wait for your signed engagement letter.');
    expect(body.html).toContain('#3B82F6');
    const invitation = await request(t.app, 'POST', `${settingsUrl(portal.portalId)}/preview`, portal.cookie, { settings, kind: 'invitation' });
    expect(invitation.json().subject).toBe('Follow your project with Harbour Accounting');
  });

  it('sends the owner a test', async () => {
    smtp.accepted.length = 0;
    const res = await request(t.app, 'POST', `${settingsUrl(portal.portalId)}/test`, portal.cookie, { settings: DEFAULT_NOTIFICATION_SETTINGS });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sentTo: portal.user.email });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe(portal.user.email);
    expect(mail!.subject).toBe('[Test] Harbour Accounting: Your project is now In Progress');
    expect(mail!.text).toContain('This is a test');
  });

  it("lists a client's messages with time, trigger, channel and result", async () => {
    t.clock.set('2026-03-02T15:00:00Z'); // 10:00 in New York: outside the quiet hours saved above
    await changeClient(t, portal.portalId, 'T-1002', { status: 'In Review' });
    t.clock.advance(30 * MINUTE);
    await t.app.ctx.jobs.runDue();
    const res = await request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/clients/T-1002/messages`, portal.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      messages: [{ channel: 'email', purpose: 'update', triggers: ['status'], state: 'sent', result: 'Sent', to: 'jwhitfield@example.net', subject: 'Harbour Accounting: Your project is now In Review' }],
      email: { address: 'jwhitfield@example.net', valid: true, optedOut: false, bouncing: null, problem: null },
    });
  });

  it("another business's portal and client are not found", async () => {
    const other = await signUp(t.app);
    const checks = [
      request(t.app, 'GET', settingsUrl(portal.portalId), other.cookie),
      request(t.app, 'PUT', settingsUrl(portal.portalId), other.cookie, { settings: DEFAULT_NOTIFICATION_SETTINGS, emailEnabled: false }),
      request(t.app, 'POST', `${settingsUrl(portal.portalId)}/preview`, other.cookie, { settings: DEFAULT_NOTIFICATION_SETTINGS }),
      request(t.app, 'POST', `${settingsUrl(portal.portalId)}/test`, other.cookie, { settings: DEFAULT_NOTIFICATION_SETTINGS }),
      request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/clients/T-1002/messages`, other.cookie),
    ];
    for (const res of await Promise.all(checks)) expect([res.statusCode, res.json().error.code]).toEqual([404, 'not_found']);
  });
});
