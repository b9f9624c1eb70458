import { beforeAll, beforeEach, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { NewClientEvent } from '@core/client-events';
import { classifyStatus } from '@core/status';
import { activityEvents, clients, jobs, notificationMessages, portals } from '../../src/server/db/schema';
import { describeActivity } from '../../src/server/services/admin/describe-activity';
import { OPEN_MESSAGES_JOB, SEND_EMAILS_JOB } from '../../src/server/services/notifications/notification-jobs';
import { addIdRanges, openMessagesHandler } from '../../src/server/services/notifications/notification-outbox';
import type { ClaimedJob } from '../../src/server/services/job-queue/job-types';
import { portalWithClients, setConfig } from './portal-helpers';
import { changeClient, messagesOf, MINUTE, setNotificationSettings } from './notification-support';
import { useTestApp } from '../support/test-app';

// The notification outbox (decision 0016, "One job per change"): a change's transaction writes one job naming its
// client events; the job opens and merges the messages after the commit, in the order the changes committed, once.

const t = useTestApp();
let portal: Awaited<ReturnType<typeof portalWithClients>>;

beforeAll(async () => {
  portal = await portalWithClients(t.app, { companyName: 'Outbox Co' });
});
beforeEach(async () => {
  await t.app.ctx.db.delete(notificationMessages);
  await t.app.ctx.db.delete(jobs);
  t.clock.set('2026-03-02T15:00:00Z'); // 10:00 in New York, a Monday
  await setNotificationSettings(t, portal.portalId, () => {});
  await setConfig(t.app, portal.cookie, portal.portalId, { emailNotifications: true });
});

const outboxJobs = () =>
  t.app.ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, OPEN_MESSAGES_JOB), sql`${jobs.payload}->>'portalId' = ${portal.portalId}`))
    .orderBy(jobs.id);

/** Runs an outbox job's handler as the queue would (the job as claimed). */
async function runOutboxJob(job: { id: number; payload: Record<string, unknown> }): Promise<void> {
  const claimed = { id: job.id, kind: OPEN_MESSAGES_JOB, payload: job.payload, attempts: 1, firstFailedAt: null, createdAt: t.clock.now() };
  await openMessagesHandler(t.app.ctx).run(claimed as unknown as ClaimedJob<{ portalId: string; events: [number, number][] }>);
}

it('a change writes one job naming its events, even when handed over in slices, and no message in its transaction', async () => {
  const statuses = await t.app.ctx.db.select({ clientId: clients.clientId, status: clients.status }).from(clients).where(eq(clients.portalId, portal.portalId));
  const actor = { kind: 'system', job: 'test' } as const;
  const changed = (c: { clientId: string; status: string }): NewClientEvent => ({
    type: 'client.status_changed',
    portalId: portal.portalId,
    clientId: c.clientId,
    actor,
    data: { from: c.status, to: 'In Review', fromClass: classifyStatus(c.status), toClass: classifyStatus('In Review') },
  });
  const [a, b, c] = ['T-1007', 'T-1008', 'T-1009'].map((id) => statuses.find((s) => s.clientId === id));
  await t.app.ctx.db.transaction(async (tx) => {
    await t.app.ctx.clientEvents.record(tx, [changed(a!), changed(b!)], t.clock.now());
    await t.app.ctx.clientEvents.record(tx, [changed(c!)], t.clock.now());
    expect(await tx.$count(notificationMessages)).toBe(0);
  });
  const [job, ...more] = await outboxJobs();
  expect(more).toEqual([]);
  const ids = (await t.app.ctx.db.execute(sql`select id from client_events where portal_id = ${portal.portalId} order by id desc limit 3`)) as unknown as { rows: { id: string }[] };
  expect(job!.payload).toEqual({ portalId: portal.portalId, events: addIdRanges([], ids.rows.map((r) => Number(r.id))) });
  await t.app.ctx.jobs.runDue();
  for (const s of [a, b, c]) expect(await messagesOf(t.app, portal.portalId, s!.clientId)).toMatchObject([{ state: 'pending', changes: { status: { from: s!.status, to: 'In Review' } } }]);
  expect(await t.app.ctx.db.$count(jobs, eq(jobs.kind, SEND_EMAILS_JOB))).toBe(1);
});

it('a portal whose e-mail updates are off gets no job at all', async () => {
  await setConfig(t.app, portal.cookie, portal.portalId, { emailNotifications: false });
  await changeClient(t, portal.portalId, 'T-1010', { status: 'In Review' });
  expect(await outboxJobs()).toEqual([]);
});

it('changes merge in the order they committed, even when the later job runs first or beside the earlier one', async () => {
  await changeClient(t, portal.portalId, 'T-1002', { status: 'In Review' });
  await changeClient(t, portal.portalId, 'T-1002', { status: 'In Progress' });
  const [first, second] = await outboxJobs();
  // The later job merges the earlier change first, then its own; the earlier job then finds nothing left.
  await runOutboxJob(second!);
  await runOutboxJob(first!);
  expect(await messagesOf(t.app, portal.portalId, 'T-1002')).toMatchObject([{ state: 'pending', changes: { status: { from: 'Pending', to: 'In Progress' } } }]);
  expect((await outboxJobs()).map((j) => j.payload.merged)).toEqual([true, true]);

  // Side by side (three instances on one PostgreSQL; several runs on one connection on PGlite): still one after another.
  await t.app.ctx.db.delete(notificationMessages);
  await changeClient(t, portal.portalId, 'T-1003', { status: 'On Hold' });
  await changeClient(t, portal.portalId, 'T-1003', { status: 'Finished' });
  await changeClient(t, portal.portalId, 'T-1003', { status: 'In Review' });
  const three = (await outboxJobs()).filter((j) => !j.payload.merged);
  expect(three).toHaveLength(3);
  await Promise.all([runOutboxJob(three[2]!), runOutboxJob(three[0]!), runOutboxJob(three[1]!)]);
  const [message, ...others] = await messagesOf(t.app, portal.portalId, 'T-1003');
  expect(others).toEqual([]);
  expect((message!.changes as { status: { to: string } }).status.to).toBe('In Review');
});

it('a status changed back within the window sends nothing, and the window runs from the change, not the job', async () => {
  await changeClient(t, portal.portalId, 'T-1004', { status: 'In Progress' });
  await changeClient(t, portal.portalId, 'T-1004', { status: 'Review' });
  const changedAt = t.clock.now().getTime();
  t.clock.advance(7 * MINUTE); // the worker was late
  await t.app.ctx.jobs.runDue();
  const [message] = await messagesOf(t.app, portal.portalId, 'T-1004');
  expect(message!.sendAfter.getTime()).toBe(changedAt + 10 * MINUTE);
  t.clock.advance(3 * MINUTE);
  await t.app.ctx.jobs.runDue();
  expect(await messagesOf(t.app, portal.portalId, 'T-1004')).toMatchObject([{ state: 'skipped', detail: 'Nothing to tell: the change was undone within the batching window' }]);
});

it('a job run again (its instance died after the merge committed) doubles nothing', async () => {
  await changeClient(t, portal.portalId, 'T-1005', { status: 'In Review' });
  const [job] = await outboxJobs();
  await runOutboxJob(job!);
  await changeClient(t, portal.portalId, 'T-1005', { status: 'Finished' });
  await t.app.ctx.jobs.runDue();
  const before = await messagesOf(t.app, portal.portalId, 'T-1005');
  // The first job's settle was lost: the queue hands it out again.
  await t.app.ctx.db.update(jobs).set({ state: 'queued', runAt: t.clock.now() }).where(eq(jobs.id, job!.id));
  await t.app.ctx.jobs.runDue();
  expect(await messagesOf(t.app, portal.portalId, 'T-1005')).toEqual(before);
  expect(before).toMatchObject([{ changes: { status: { to: 'Finished' } } }]);
  expect(await t.app.ctx.db.$count(jobs, eq(jobs.kind, SEND_EMAILS_JOB))).toBe(1);
});

it("a change that cannot be merged is left to its own job's retries and does not hold the portal's later changes", async () => {
  // A defective event (no data), named by an outbox job as a change's transaction would name it.
  const at = t.clock.now();
  const inserted = (await t.app.ctx.db.execute(
    sql`insert into client_events (portal_id, client_id, type, occurred_at, actor, data) values (${portal.portalId}, 'T-1003', 'client.status_changed', ${at.toISOString()}::timestamptz, 'system:test', 'null'::jsonb) returning id`,
  )) as unknown as { rows: { id: string }[] };
  const badId = Number(inserted.rows[0]!.id);
  await t.app.ctx.db.insert(jobs).values({ kind: OPEN_MESSAGES_JOB, payload: { portalId: portal.portalId, events: [[badId, badId]] }, runAt: at, createdAt: at });
  await changeClient(t, portal.portalId, 'T-1004', { status: 'In Review' });
  const [defective, later] = await outboxJobs();

  await runOutboxJob(later!);
  expect(await messagesOf(t.app, portal.portalId, 'T-1004')).toMatchObject([{ state: 'pending', changes: { status: { to: 'In Review' } } }]);
  await expect(runOutboxJob(defective!)).rejects.toThrow();
  const [stillDefective, merged] = await outboxJobs();
  expect(stillDefective!.payload).not.toHaveProperty('merged');
  expect(merged!.payload).toMatchObject({ merged: true });
});

it('a change given up on after a day of retries is written where the operator sees activity, not only to the log', async () => {
  const claimed = { id: 1, kind: OPEN_MESSAGES_JOB, payload: { portalId: portal.portalId, events: [[5, 7], [9, 9]] }, attempts: 30, firstFailedAt: t.clock.now(), createdAt: t.clock.now() };
  await openMessagesHandler(t.app.ctx).gaveUp!(claimed as unknown as ClaimedJob<{ portalId: string; events: [number, number][] }>, 'merge failed: boom');
  const [lost] = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.type, 'notifications.change_lost'));
  const [owner] = await t.app.ctx.db.select({ businessId: portals.businessId }).from(portals).where(eq(portals.id, portal.portalId));
  expect(lost).toMatchObject({ businessId: owner!.businessId, detail: { portalId: portal.portalId, events: 4, error: 'merge failed: boom' } });
  expect(describeActivity({ type: lost!.type, detail: lost!.detail as Record<string, unknown>, actorEmail: null, businessName: 'Outbox Co' })).toBe(
    'A change to 4 client events of Outbox Co could not be turned into notifications after a day of retries; those clients were not told (merge failed: boom)',
  );
});
