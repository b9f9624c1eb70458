import { parse } from 'csv-parse/sync';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { toCsv } from '../../src/core/sheet-template';
import { clientEvents, clients, jobs, portals } from '../../src/server/db/schema';
import { setQueuePosition } from '../../src/server/services/client-detail/set-queue-position';
import { restoreClient } from '../../src/server/services/clients/restore-client';
import { STEP_ROWS } from '../../src/server/services/sheet-sync/apply-import';
import { queueRefreshActor, recomputeQueue, type QueueChangePoint } from '../../src/server/services/sheet-sync/recompute-queue';
import { releaseSyncLease } from '../../src/server/services/sheet-sync/sync-lease';
import { makeSheet } from '../support/make-sheet';
import { businessWithPortal, fixtureSheet, liftBusinessApiLimits, postCsv } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// A change that moves a portal's queue (a restore, a manual position) commits with its recompute: the process
// stopping right after the change commits leaves the queue's positions, their events and the estimates refresh
// already written, not waiting for the next write of the portal.

const t = useTestApp();
beforeAll(() => liftBusinessApiLimits(t.app));

const taxRows = () => parse(fixtureSheet('tax-preparer.csv')) as string[][];

async function importedPortal(csv: string) {
  const o = await businessWithPortal(t.app);
  const res = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, csv);
  expect(res.statusCode, res.body).toBe(200);
  const [portal] = await t.app.ctx.db.select({ businessId: portals.businessId }).from(portals).where(eq(portals.id, o.portalId));
  return { ...o, businessId: portal!.businessId, actor: { businessId: portal!.businessId, userId: o.user.id, timeZone: 'UTC' } };
}

/** A crash right after the change commits: nothing after that point runs, not even the lease's release. */
function crashAfterCommit(syncCapabilities = t.app.ctx.syncCapabilities) {
  let reached!: () => void;
  const crashed = new Promise<void>((resolve) => (reached = resolve));
  const failAt = (point: QueueChangePoint) => (point === 'committed' ? (reached(), new Promise<void>(() => {})) : undefined);
  return { ctx: { ...t.app.ctx, syncCapabilities, failAt }, crashed };
}

const queued = (portalId: string) =>
  t.app.ctx.db
    .select({ clientId: clients.clientId, queuePosition: clients.queuePosition })
    .from(clients)
    .where(and(eq(clients.portalId, portalId), eq(clients.queueState, 'queued'), isNull(clients.removedAt)))
    .orderBy(asc(clients.queuePosition));
const movesOf = async (portalId: string) =>
  (
    await t.app.ctx.db
      .select({ clientId: clientEvents.clientId })
      .from(clientEvents)
      .where(and(eq(clientEvents.portalId, portalId), eq(clientEvents.type, 'client.queue_moved')))
      .orderBy(asc(clientEvents.id))
  ).map((e) => e.clientId);
const refreshJobsOf = (portalId: string) => t.app.ctx.db.$count(jobs, and(eq(jobs.kind, 'estimates.refresh'), sql`${jobs.payload}->>'portalId' = ${portalId}`));
const expectWholeQueue = (rows: { queuePosition: number | null }[]) => expect(rows.map((r) => r.queuePosition)).toEqual(rows.map((_, i) => i + 1));

describe('the process stops right after a change to the queue commits', () => {
  it('a restored client already has its place in the queue, with the refresh enqueued', async () => {
    const o = await importedPortal(fixtureSheet('tax-preparer.csv'));
    const [first] = await queued(o.portalId);
    const without = taxRows().filter((r) => r[0] !== first!.clientId);
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, toCsv(without))).statusCode).toBe(200);
    const before = await queued(o.portalId);
    await t.app.ctx.db.delete(jobs);
    const movedBefore = (await movesOf(o.portalId)).length;

    const { ctx, crashed } = crashAfterCommit();
    void restoreClient(ctx, o.businessId, o.portalId, first!.clientId, o.actor);
    await crashed;
    const after = await queued(o.portalId);
    expectWholeQueue(after);
    expect(after[0]!.clientId).toBe(first!.clientId);
    // Those it went ahead of moved; the restored client's own place is not a move (as in a sync that restores it).
    const moved = (await movesOf(o.portalId)).slice(movedBefore);
    expect(moved).toHaveLength(before.length);
    expect(moved).not.toContain(first!.clientId);
    expect(await refreshJobsOf(o.portalId)).toBe(1);
  });

  it('a client put at a position is already there, with its move recorded and the refresh enqueued', async () => {
    const o = await importedPortal(fixtureSheet('tax-preparer.csv'));
    const before = await queued(o.portalId);
    const last = before.at(-1)!;
    await t.app.ctx.db.delete(jobs);

    const { ctx, crashed } = crashAfterCommit();
    void setQueuePosition(ctx, o.businessId, o.portalId, last.clientId, 1, o.actor);
    await crashed;
    const after = await queued(o.portalId);
    expectWholeQueue(after);
    expect(after[0]!.clientId).toBe(last.clientId);
    expect(await movesOf(o.portalId)).toContain(last.clientId);
    expect(await refreshJobsOf(o.portalId)).toBe(1);
  });

  it('on the embedded writers, a recompute larger than a step leaves its first step written and the queue stale, for the next recompute', async () => {
    const o = await importedPortal(makeSheet(STEP_ROWS + 500));
    const last = (await queued(o.portalId)).at(-1)!;
    await t.app.ctx.db.delete(jobs);

    const { ctx, crashed } = crashAfterCommit({ oneTransactionAtATime: true, copy: false });
    void setQueuePosition(ctx, o.businessId, o.portalId, last.clientId, 1, o.actor);
    await crashed;
    expect((await queued(o.portalId))[0]!.clientId).toBe(last.clientId);
    expect(await movesOf(o.portalId)).toHaveLength(STEP_ROWS);
    expect(await refreshJobsOf(o.portalId)).toBe(1);
    const [portal] = await t.app.ctx.db.select({ queueComputedFor: portals.queueComputedFor, leaseOwner: portals.syncLeaseOwner }).from(portals).where(eq(portals.id, o.portalId));
    expect(portal!.queueComputedFor).toBeNull();

    // The crashed process's lease goes with it (here, freed for it); the scheduler's recompute of stale queues finishes the queue.
    await releaseSyncLease(t.app.ctx.db, o.portalId, portal!.leaseOwner!);
    expect(await recomputeQueue(t.app.ctx, o.portalId, 'UTC', { actor: queueRefreshActor })).toBeGreaterThan(0);
    expectWholeQueue(await queued(o.portalId));
  });
});
