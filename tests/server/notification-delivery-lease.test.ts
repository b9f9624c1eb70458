import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notificationMessages } from '../../src/server/db/schema';
import type { JobHandler } from '../../src/server/services/job-queue/job-types';
import { claimDueEmails, SENDING_LEASE_MS } from '../../src/server/services/notifications/prepare-client-message';
import { leaseOf, roundStillHolds } from '../../src/server/services/notifications/round-lease';
import { sendClientEmailsHandler } from '../../src/server/services/notifications/send-client-message-job';
import { portalWithStatusChanges } from './notification-bulk-changes';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { useTestApp } from '../support/test-app';

// A round of e-mails that outlives its sending lease (2 minutes: `send_after` while an e-mail is being sent) is not
// sent a second time by another sender of the portal (issue 19 item 5): the round renews its lease while it sends,
// and hands over only what it still holds under its claim. Time is the app's manual clock.

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'updates@statuslink.test' }), { realMailer: true });

async function messageIdsOf(portalId: string): Promise<Set<string>> {
  const rows = await t.app.ctx.db.select({ id: notificationMessages.id }).from(notificationMessages).where(eq(notificationMessages.portalId, portalId));
  return new Set(rows.map((m) => `<${m.id}@statuslink.test>`));
}

function copiesOf(ids: Set<string>): number[] {
  const copies = new Map<string, number>();
  for (const m of smtp.accepted) if (ids.has(m.messageId)) copies.set(m.messageId, (copies.get(m.messageId) ?? 0) + 1);
  return [...copies.values()];
}

type EmailsJob = Parameters<JobHandler<{ portalId: string }>['run']>[0];

it('a round that runs longer than its lease is not sent again by another sender trying meanwhile', async () => {
  const portalId = await portalWithStatusChanges(t.app, 40, t.clock.now());
  const ids = await messageIdsOf(portalId);
  expect(ids.size).toBeGreaterThan(30);
  smtp.accepted.length = 0;
  const sender = sendClientEmailsHandler(t.app.ctx);
  const job = { payload: { portalId } } as EmailsJob;
  // Each e-mail accepted takes 5 s of the clock (the round lasts well over its 2 minutes), and after each another
  // sender of the portal tries to claim its due e-mails.
  const rivals: Promise<unknown>[] = [];
  const started = t.clock.nowMs();
  smtp.onAccept = () => {
    t.clock.advance(5_000);
    rivals.push(sender.run(job));
  };
  try {
    await sender.run(job);
    await Promise.all(rivals);
  } finally {
    smtp.onAccept = () => {};
  }
  expect(t.clock.nowMs() - started).toBeGreaterThan(SENDING_LEASE_MS);
  const copies = copiesOf(ids);
  expect(copies).toHaveLength(ids.size);
  expect(copies.every((n) => n === 1)).toBe(true);
  const states = await t.app.ctx.db.select({ state: notificationMessages.state }).from(notificationMessages).where(eq(notificationMessages.portalId, portalId));
  expect(states.every((m) => m.state === 'sent')).toBe(true);
});

it('a round whose lease ran out sends nothing another sender has claimed since', async () => {
  const portalId = await portalWithStatusChanges(t.app, 12, t.clock.now());
  const ids = await messageIdsOf(portalId);
  smtp.accepted.length = 0;
  // A round is claimed, then its sender stalls past the lease; another sender claims the e-mails (and has not sent
  // them yet: they are 'sending' under its claim).
  const stalled = await claimDueEmails(t.app.ctx, portalId, 100);
  expect(stalled.prepared.size).toBe(ids.size);
  t.clock.advance(3 * 60_000);
  const rival = await claimDueEmails(t.app.ctx, portalId, 100);
  expect(rival.prepared.size).toBe(ids.size);
  // The stalled round, waking, holds none of them any more: it hands none over.
  const lease = leaseOf(stalled);
  for (const id of stalled.prepared.keys()) expect(await roundStillHolds(t.app.ctx, lease, id)).toBe(false);
  // The rival's lease runs out in turn; a sender then sends each e-mail once.
  t.clock.advance(3 * 60_000);
  await sendClientEmailsHandler(t.app.ctx).run({ payload: { portalId } } as EmailsJob);
  const copies = copiesOf(ids);
  expect(copies).toHaveLength(ids.size);
  expect(copies.every((n) => n === 1)).toBe(true);
});
