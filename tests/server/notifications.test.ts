import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, notificationMessages } from '../../src/server/db/schema';
import { lookup, portalWithClients } from './portal-helpers';
import { changeClient, HOUR, messagesOf, MINUTE, setClientQueue, setNotificationSettings } from './notification-support';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { request } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// Client e-mails on status changes and the other triggers (issue 19 items 2-3), through the real pipeline: events
// recorded in the change's transaction, a message per client and window, the queue, a real SMTP server.

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
  portal = await portalWithClients(t.app, { companyName: 'Owner & Co Tax' });
});
beforeEach(async () => {
  smtp.accepted.length = 0;
  smtp.onRcpt = () => null;
  await t.app.ctx.db.delete(notificationMessages);
  await t.app.ctx.db.delete(jobs);
  t.clock.set('2026-03-02T15:00:00Z'); // 10:00 in New York, a Monday
  await setNotificationSettings(t, portal.portalId, () => {});
});

const run = () => t.app.ctx.jobs.runDue();

describe('status updates by e-mail', () => {
  it('a status change goes out once, when the 10-minute window ends, in the business name with the client\'s link', async () => {
    await changeClient(t, portal.portalId, 'T-1002', { status: 'In Review' });
    await run();
    expect(smtp.accepted).toHaveLength(0);
    const [pending] = await messagesOf(t.app, portal.portalId, 'T-1002');
    expect(pending).toMatchObject({ state: 'pending', channel: 'email', purpose: 'update' });

    t.clock.advance(10 * MINUTE);
    await run();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe('jwhitfield@example.net');
    expect(mail!.from).toBe('"Owner & Co Tax" <updates@statuslink.test>');
    expect(mail!.subject).toBe('Owner & Co Tax: Your project is now In Review');
    expect(mail!.text).toContain('Hello James Whitfield,');
    expect(mail!.text).toContain('Your project status is now: In Review.');
    expect(mail!.text).toContain('Your project is being reviewed. We will let you know if we need anything from you.');
    const [sent] = await messagesOf(t.app, portal.portalId, 'T-1002');
    expect(sent).toMatchObject({ state: 'sent', triggers: ['status'], toAddress: 'jwhitfield@example.net', via: 'smtp' });
    expect(mail!.messageId).toBe(`<${sent!.id}@statuslink.test>`);

    // RFC 8058 one-click unsubscribe, and a visible link.
    const header = (name: string) => (mail!.parsed.headerLines.find((h) => h.key === name)?.line ?? '').replace(/\s+/g, ' ');
    expect(header('list-unsubscribe')).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/api\/public\/unsubscribe\?t=[A-Za-z0-9_-]+>$/);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail!.text).toMatch(/Unsubscribe from these e-mails: http:\/\/localhost:3000\/unsubscribe\?t=/);

    // The link in the e-mail is the client's own access link: it opens their card without a search.
    const token = /\/portal\/[^?\s]+\?t=([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const card = await lookup(t.app, portal.portalId, { token });
    expect(card.statusCode).toBe(200);
    expect(card.json().client.name).toBe('James Whitfield');

    await run();
    expect(smtp.accepted).toHaveLength(1); // once
  });

  it('changes within the window go out as one message; the link stays the same in the next one', async () => {
    await setClientQueue(t, portal.portalId, 'T-1004', { position: 5 });
    await changeClient(t, portal.portalId, 'T-1004', { status: 'In Progress' });
    t.clock.advance(4 * MINUTE);
    await changeClient(t, portal.portalId, 'T-1004', { queue: 1 });
    t.clock.advance(6 * MINUTE);
    await run();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Owner & Co Tax: Your project is now In Progress');
    expect(mail!.text).toContain('Your project status is now: In Progress.');
    expect(mail!.text).toContain("You're next in line.");
    expect((await messagesOf(t.app, portal.portalId, 'T-1004'))[0]).toMatchObject({ state: 'sent', triggers: ['status', 'queue'] });

    await changeClient(t, portal.portalId, 'T-1004', { status: 'Finished' });
    t.clock.advance(10 * MINUTE);
    await run();
    const [, second] = await smtp.waitFor(2);
    expect(second!.subject).toBe('Owner & Co Tax: Your project is complete');
    const link = (m: string) => /\/portal\/[^?\s]+\?t=[A-Za-z0-9_-]{43}/.exec(m)![0];
    expect(link(second!.text)).toBe(link(mail!.text));
  });

  it('a status that flips back within the window sends nothing', async () => {
    await changeClient(t, portal.portalId, 'T-1001', { status: 'On Hold' });
    t.clock.advance(3 * MINUTE);
    await changeClient(t, portal.portalId, 'T-1001', { status: 'In Progress' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect(smtp.accepted).toHaveLength(0);
    expect(await messagesOf(t.app, portal.portalId, 'T-1001')).toMatchObject([{ state: 'skipped', detail: 'Nothing to tell: the change was undone within the batching window' }]);
  });

  it('a first import (clients added) sends nothing', async () => {
    await changeClient(t, portal.portalId, 'T-1005', { added: true }, { queue: 3 }, { estimate: '2026-04-01' });
    t.clock.advance(HOUR);
    await run();
    expect(await messagesOf(t.app, portal.portalId, 'T-1005')).toEqual([]);
    expect(smtp.accepted).toHaveLength(0);
  });

  it('each trigger, as switched', async () => {
    await setClientQueue(t, portal.portalId, 'T-1006', { position: 6, estimate: '2026-03-10' });
    // Moved up but not into the first 3: nothing; into the first 3: a message.
    await changeClient(t, portal.portalId, 'T-1006', { queue: 4 });
    t.clock.advance(10 * MINUTE);
    await run();
    expect(await messagesOf(t.app, portal.portalId, 'T-1006')).toEqual([]);
    await changeClient(t, portal.portalId, 'T-1006', { queue: 3 });
    t.clock.advance(10 * MINUTE);
    await run();
    expect((await smtp.waitFor(1))[0]!.subject).toBe("Owner & Co Tax: You're now number 3 in line");

    // The estimate 2 working days later: nothing; 3 working days later: a message (a later day: once a day).
    t.clock.advance(24 * HOUR);
    await changeClient(t, portal.portalId, 'T-1006', { estimate: '2026-03-12' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect(smtp.accepted).toHaveLength(1);
    await changeClient(t, portal.portalId, 'T-1006', { estimate: '2026-03-17' });
    t.clock.advance(10 * MINUTE);
    await run();
    const [, estimate] = await smtp.waitFor(2);
    expect(estimate!.subject).toBe('Owner & Co Tax: New estimated completion March 17, 2026');
    expect(estimate!.text).toContain('The estimated completion date has moved to March 17, 2026 (it was March 12, 2026).');

    // Removed: off by default; on, it is the one thing said.
    await changeClient(t, portal.portalId, 'T-1007', { removed: true });
    t.clock.advance(10 * MINUTE);
    await run();
    expect(await messagesOf(t.app, portal.portalId, 'T-1007')).toEqual([]);
    await setNotificationSettings(t, portal.portalId, (s) => {
      s.triggers.removed = true;
      s.triggers.status = false;
    });
    await changeClient(t, portal.portalId, 'T-1008', { removed: true });
    await changeClient(t, portal.portalId, 'T-1009', { status: 'In Review' }); // status switched off
    t.clock.advance(10 * MINUTE);
    await run();
    const [, , removed] = await smtp.waitFor(3);
    expect(removed!.subject).toBe('Owner & Co Tax: Your project is no longer listed');
    expect(await messagesOf(t.app, portal.portalId, 'T-1009')).toEqual([]);
  });

  it('queue news at most once a day per client, unless the status changes again', async () => {
    await setClientQueue(t, portal.portalId, 'T-1010', { position: 9 });
    await changeClient(t, portal.portalId, 'T-1010', { queue: 3 });
    t.clock.advance(10 * MINUTE);
    await run();
    await smtp.waitFor(1);
    await changeClient(t, portal.portalId, 'T-1010', { queue: 1 });
    t.clock.advance(10 * MINUTE);
    await run();
    expect(smtp.accepted).toHaveLength(1);
    expect((await messagesOf(t.app, portal.portalId, 'T-1010'))[1]).toMatchObject({ state: 'skipped', detail: 'Already told today' });
    // The next day (New York), the same news goes.
    await setClientQueue(t, portal.portalId, 'T-1010', { position: 4 });
    t.clock.set('2026-03-03T15:00:00Z');
    await changeClient(t, portal.portalId, 'T-1010', { queue: 1 });
    t.clock.advance(10 * MINUTE);
    await run();
    expect((await smtp.waitFor(2))[1]!.subject).toBe("Owner & Co Tax: You're next");
  });

  it('quiet hours hold a message until they end (business time zone)', async () => {
    await setNotificationSettings(t, portal.portalId, (s) => {
      s.quietHours = { enabled: true, start: '20:00', end: '08:00' };
    });
    t.clock.set('2026-03-03T01:30:00Z'); // 20:30 in New York
    await changeClient(t, portal.portalId, 'T-1011', { status: 'In Review' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect(smtp.accepted).toHaveLength(0);
    const [held] = await messagesOf(t.app, portal.portalId, 'T-1011');
    expect(held).toMatchObject({ state: 'held' });
    expect(held!.sendAfter.toISOString()).toBe('2026-03-03T13:00:00.000Z'); // 08:00 in New York
    // A change while held joins the held message.
    t.clock.set('2026-03-03T06:00:00Z');
    await changeClient(t, portal.portalId, 'T-1011', { status: 'In Progress' });
    t.clock.set('2026-03-03T12:59:00Z');
    await run();
    expect(smtp.accepted).toHaveLength(0);
    t.clock.set('2026-03-03T13:00:00Z');
    await run();
    expect((await smtp.waitFor(1))[0]!.subject).toBe('Owner & Co Tax: Your project is now In Progress');
    expect(await messagesOf(t.app, portal.portalId, 'T-1011')).toHaveLength(1);
  });

  it("nothing for a portal whose e-mail updates are off; nothing to an invalid address (said per message)", async () => {
    await setClientQueue(t, portal.portalId, 'T-1012', { email: 'N/A' });
    await changeClient(t, portal.portalId, 'T-1012', { status: 'In Review' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect(await messagesOf(t.app, portal.portalId, 'T-1012')).toMatchObject([{ state: 'skipped', detail: '"N/A" is not an e-mail address' }]);
    await setClientQueue(t, portal.portalId, 'T-1012', { email: 'kim@example.com' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/portals/${portal.portalId}`,
      headers: { origin: 'http://localhost:3000', cookie: portal.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ config: { emailNotifications: false } }),
    });
    expect(res.statusCode).toBe(200);
    await changeClient(t, portal.portalId, 'T-1012', { status: 'Pending' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect(await messagesOf(t.app, portal.portalId, 'T-1012')).toHaveLength(1);
    expect(smtp.accepted).toHaveLength(0);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/portals/${portal.portalId}`,
      headers: { origin: 'http://localhost:3000', cookie: portal.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ config: { emailNotifications: true } }),
    });
  });
});

describe('delivery', () => {
  it('a permanent refusal (550) marks the address bouncing, stops sending to it and tells the owner', async () => {
    smtp.onRcpt = (address) => (address === 'robert.chen@example.com' ? { code: 550, message: 'Mailbox unavailable' } : null);
    await changeClient(t, portal.portalId, 'T-1004', { status: 'Waiting on client' });
    t.clock.advance(10 * MINUTE);
    await run(); // the message bounces; the owner's alert is queued
    await run();
    const [bounced] = await messagesOf(t.app, portal.portalId, 'T-1004');
    expect(bounced).toMatchObject({ state: 'bounced' });
    expect(bounced!.detail).toContain('550 Mailbox unavailable');
    const [alert] = await smtp.waitFor(1);
    expect(alert!.to).toBe(portal.user.email);
    expect(alert!.subject).toBe('An e-mail to Robert Chen bounced');
    expect(alert!.text).toContain('robert.chen@example.com');

    smtp.onRcpt = () => null;
    await changeClient(t, portal.portalId, 'T-1004', { status: 'In Progress' });
    t.clock.advance(10 * MINUTE);
    await run();
    expect((await messagesOf(t.app, portal.portalId, 'T-1004'))[1]).toMatchObject({ state: 'skipped', detail: 'The address bounced earlier; nothing more is sent to it' });
    expect(smtp.accepted).toHaveLength(1);
  });

  it('a passing refusal (421) is retried with backoff and then accepted, same Message-ID', async () => {
    let refusals = 2;
    smtp.onRcpt = () => (refusals-- > 0 ? { code: 421, message: 'Try again later' } : null);
    await changeClient(t, portal.portalId, 'T-1003', { status: 'In Review' });
    t.clock.advance(10 * MINUTE);
    await run();
    const [retrying] = await messagesOf(t.app, portal.portalId, 'T-1003');
    expect(retrying).toMatchObject({ state: 'sending' });
    // 421 closes the connection (RFC 5321): the message waits and is tried again.
    expect(retrying!.detail).toMatch(/^Retrying: /);
    t.clock.advance(40_000);
    await run();
    expect(smtp.accepted).toHaveLength(0);
    t.clock.advance(80_000);
    await run();
    const [mail] = await smtp.waitFor(1);
    const [sent] = await messagesOf(t.app, portal.portalId, 'T-1003');
    expect(sent).toMatchObject({ state: 'sent', attempts: 1 });
    expect(mail!.messageId).toBe(`<${sent!.id}@statuslink.test>`);
  });

  it('the mail server down holds every message and says so; nothing is lost when it is back', async () => {
    await smtp.close();
    await changeClient(t, portal.portalId, 'T-1001', { status: 'Waiting for documents' });
    await changeClient(t, portal.portalId, 'T-1005', { status: 'In Review' });
    t.clock.advance(10 * MINUTE);
    await run();
    const settings = await request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/notification-settings`, portal.cookie);
    expect(settings.json().mail.outage).toMatchObject({ lastError: expect.stringMatching(/Could not reach the SMTP server/) });
    expect(t.app.ctx.jobs.pausedChannels()).toMatchObject([{ channel: 'email' }]);
    const waiting = [...(await messagesOf(t.app, portal.portalId, 'T-1001')), ...(await messagesOf(t.app, portal.portalId, 'T-1005'))];
    expect(waiting.every((m) => m.state === 'sending' || m.state === 'pending')).toBe(true);

    // Back on the same port after a while: both go, and the outage is over.
    smtp = await startTestSmtp(smtp.port);
    t.clock.advance(HOUR);
    await run();
    await smtp.waitFor(2);
    expect(smtp.accepted.map((m) => m.to).sort()).toEqual(['maria.gonzalez@example.com', 'fatima.alsayed@example.com'].sort());
    const after = await request(t.app, 'GET', `/api/v1/portals/${portal.portalId}/notification-settings`, portal.cookie);
    expect(after.json().mail.outage).toBeNull();
  });
});
