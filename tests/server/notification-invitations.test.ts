import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, notLike } from 'drizzle-orm';
import type { NewClientEvent } from '@core/client-events';
import { activityEvents, jobs, notificationMessages } from '../../src/server/db/schema';
import { lookup, portalWithClients } from './portal-helpers';
import { messagesOf, setClientQueue } from './notification-support';
import { request } from '../support/sheets';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { useTestApp, signUp } from '../support/test-app';

// Invitations (issue 19 item 1): one, some or all clients, each with their own access link, in the business's name;
// re-inviting rotates nothing unless asked; bad addresses are skipped with the reason.

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

const invite = (body: unknown, cookie = portal.cookie) => request(t.app, 'POST', `/api/v1/portals/${portal.portalId}/invitations`, cookie, body);
const linkIn = (text: string) => /http:\/\/localhost:3000\/portal\/[^?\s]+\?t=([A-Za-z0-9_-]{43})/.exec(text)![1]!;

describe('invitations', () => {
  it('invites one client with their access link, in the business name; re-inviting keeps the link', async () => {
    const res = await invite({ clientIds: ['T-1001'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: 1, skipped: [] });
    await t.app.ctx.jobs.runDue();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe('maria.gonzalez@example.com');
    expect(mail!.from).toBe('"Harbour Accounting" <updates@statuslink.test>');
    expect(mail!.subject).toBe('Follow your project with Harbour Accounting');
    expect(mail!.text).toContain('Hello Maria Gonzalez,');
    const token = linkIn(mail!.text);
    expect((await lookup(t.app, portal.portalId, { token })).json().client.name).toBe('Maria Gonzalez');
    expect(await messagesOf(t.app, portal.portalId, 'T-1001')).toMatchObject([{ purpose: 'invitation', triggers: ['invitation'], state: 'sent' }]);

    await invite({ clientIds: ['T-1001'] });
    await t.app.ctx.jobs.runDue();
    const [, again] = await smtp.waitFor(2);
    expect(linkIn(again!.text)).toBe(token);

    // Asked to, it makes a new link: the old one stops working.
    await invite({ clientIds: ['T-1001'], rotateLinks: true });
    await t.app.ctx.jobs.runDue();
    const [, , rotated] = await smtp.waitFor(3);
    expect(linkIn(rotated!.text)).not.toBe(token);
    expect((await lookup(t.app, portal.portalId, { token })).statusCode).toBe(404);
    expect((await lookup(t.app, portal.portalId, { token: linkIn(rotated!.text) })).statusCode).toBe(200);
  });

  it('skips clients without a usable address, opted out or unknown, saying why; a second click does not invite twice', async () => {
    await setClientQueue(t, portal.portalId, 'T-1002', { email: 'N/A' });
    const res = await invite({ clientIds: ['T-1002', 'T-1003', 'T-1004', 'NOPE'] });
    expect(res.json().queued).toBe(2);
    expect(res.json().skipped).toEqual([
      { clientId: 'NOPE', name: '', email: '', reason: 'Client not found.' },
      { clientId: 'T-1002', name: 'James Whitfield', email: 'N/A', reason: '"N/A" is not an e-mail address' },
    ]);
    const twice = await invite({ clientIds: ['T-1003'] });
    expect(twice.json()).toEqual({ queued: 0, skipped: [{ clientId: 'T-1003', name: 'Aiko Tanaka', email: 'aiko.tanaka@example.org', reason: 'An invitation to this client is already on its way' }] });
    await t.app.ctx.jobs.runDue();
    expect((await smtp.waitFor(2)).map((m) => m.to).sort()).toEqual(['aiko.tanaka@example.org', 'robert.chen@example.com']);
    const [activity] = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.type, 'portal.clients_invited')).limit(1);
    expect(activity).toMatchObject({ actorUserId: portal.user.id });
  });

  it('invites all clients of the portal', async () => {
    await t.app.ctx.db.delete(notificationMessages);
    const res = await invite({ all: true });
    expect(res.json().queued).toBe(11); // 12 clients, one without a usable address
    await t.app.ctx.jobs.runDue();
    expect(await smtp.waitFor(11)).toHaveLength(11);
  });

  it('refuses an empty request; another business gets 404', async () => {
    expect((await invite({})).statusCode).toBe(400);
    const other = await signUp(t.app);
    const res = await invite({ all: true }, other.cookie);
    expect([res.statusCode, res.json().error.code]).toEqual([404, 'not_found']);
  });

  it('a first import of 5,000 clients sends nothing', async () => {
    await t.app.ctx.db.delete(notificationMessages);
    const [lastJob] = await t.app.ctx.db.select({ id: jobs.id }).from(jobs).orderBy(desc(jobs.id)).limit(1);
    const events: NewClientEvent[] = [];
    for (let i = 0; i < 5000; i += 1) {
      const clientId = `N-${i}`;
      const actor = { kind: 'sync', runId: '00000000-0000-4000-8000-000000000001' } as const;
      events.push({ type: 'client.added', portalId: portal.portalId, clientId, actor, data: { status: 'Pending', statusClass: 'pending' } });
      events.push({ type: 'client.queue_moved', portalId: portal.portalId, clientId, actor, data: { from: null, to: i + 1 } });
      events.push({ type: 'client.estimate_changed', portalId: portal.portalId, clientId, actor, data: { from: null, to: '2026-04-01' } });
    }
    await t.app.ctx.db.transaction((tx) => t.app.ctx.clientEvents.record(tx, events, t.clock.now()));
    t.clock.advance(60 * 60_000);
    await t.app.ctx.jobs.runDue();
    // No job was written for it (the estimates' refreshes after the file's imports are not messages).
    expect(await t.app.ctx.db.select().from(jobs).where(and(gt(jobs.id, lastJob?.id ?? 0), notLike(jobs.kind, 'estimates.%')))).toEqual([]);
    expect(await t.app.ctx.db.select().from(notificationMessages)).toEqual([]);
  });
});
