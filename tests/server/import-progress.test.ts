import { parse } from 'csv-parse/sync';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { businessProfiles, clients, clientStatusHistory, portals } from '../../src/server/db/schema';
import { queueRefreshActor, recomputeQueue } from '../../src/server/services/sheet-sync/recompute-queue';
import { onSyncProgress } from '../../src/server/services/sheet-sync/sync-progress';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSheet } from '../support/make-sheet';
import { businessWithPortal, liftBusinessApiLimits, postCsv, request } from '../support/sheets';
import { testDbKind } from '../support/test-database';
import { useTestApp } from '../support/test-app';

// Issue 4 item 9: a large import shows its progress (GET .../syncs while it runs) and other requests keep being
// answered. On PostgreSQL nothing waits for the import's transaction; on the embedded database (one connection) a
// first import, the queue figures of a re-sync and a large change are written in short steps (decision 0022), so
// there too no request waits for the whole import.

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

interface Snapshot {
  status: string;
  phase: string;
  rowsProcessed: number;
  rowsTotal: number;
}

/**
 * Imports `csv` while another visitor asks the server's health (a database round trip, no rate limit) every few
 * milliseconds and, with `progress`, the owner polls the run's progress (GET .../syncs, within the owner's API
 * limit of 300 a minute). Returns the answer, what the polls saw and how long the health checks waited.
 */
async function importWatched(o: { cookie: string; portalId: string }, csv: string, options: { progress?: boolean } = {}) {
  let done = false;
  const importStarted = Date.now();
  let importMs = 0;
  const importing = postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, csv).finally(() => {
    done = true;
    importMs = Date.now() - importStarted;
  });
  // One sequence of events: the sync's writing steps and the health checks' answers. One answered after the first
  // writing step and before the last one was not held for the whole write.
  let seq = 0;
  const writingSteps: number[] = [];
  const committingSteps: number[] = [];
  const stop = onSyncProgress((_run, p) => {
    if (p.phase === 'writing' && p.rowsProcessed > 0 && p.rowsProcessed < p.rowsTotal) writingSteps.push(++seq);
    if (p.phase === 'committing' && p.rowsProcessed > 0 && p.rowsProcessed < p.rowsTotal) committingSteps.push(++seq);
  });
  const answers: number[] = [];
  const latencies: number[] = [];
  const health = (async () => {
    while (!done) {
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      if (res.statusCode !== 200) throw new Error(`health answered ${res.statusCode}: ${res.body}`);
      answers.push(++seq);
      latencies.push(Date.now() - started);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const snapshots: Snapshot[] = [];
  let answeredWhileWriting = 0;
  try {
    while (options.progress && !done) {
      const res = await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/syncs`, o.cookie);
      if (res.statusCode !== 200) throw new Error(`progress poll answered ${res.statusCode}: ${res.body}`);
      const running = (res.json().syncs as Snapshot[]).find((s) => s.status === 'running');
      if (running) snapshots.push(running);
      if (running?.phase === 'writing' && !done) answeredWhileWriting += 1;
      // Often enough to see each phase (a checking step of 5,000 rows lasts tens of milliseconds on a fast
      // machine), seldom enough for the API limit over the whole file.
      await new Promise((r) => setTimeout(r, 20));
    }
    await health;
  } finally {
    stop();
  }
  const between = (steps: number[]) => answers.filter((a) => steps.length > 1 && a > steps[0]! && a < steps.at(-1)!).length;
  return {
    res: await importing,
    importMs,
    snapshots,
    latencies,
    answeredWhileWriting,
    answeredBetweenWritingSteps: between(writingSteps),
    answeredWhileCommitting: between(committingSteps),
  };
}

describe('a large import', () => {
  const rows = 30_000;
  let o: { cookie: string; portalId: string };

  it('reports progress while it runs, and other requests are answered', { timeout: 180_000 }, async () => {
    o = await businessWithPortal(t.app);
    const { res, importMs, snapshots, latencies, answeredWhileWriting, answeredBetweenWritingSteps } = await importWatched(o, makeSheet(rows), { progress: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: rows, rowsProcessed: rows, rowsTotal: rows, phase: 'done' });

    expect(snapshots.length).toBeGreaterThan(0);
    const midway = snapshots.filter((s) => s.rowsTotal > 0 && s.rowsProcessed > 0 && s.rowsProcessed < s.rowsTotal);
    expect(midway.length).toBeGreaterThan(0);
    // Requests were answered while the import was writing, and none waited for the whole import.
    expect(answeredWhileWriting).toBeGreaterThan(0);
    expect(answeredBetweenWritingSteps).toBeGreaterThan(0);
    expect(snapshots.some((s) => s.phase === 'writing' && s.rowsProcessed > 0 && s.rowsProcessed < rows)).toBe(true);
    expect(Math.max(...latencies)).toBeLessThan(importMs / 2);
    const runs = (await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/syncs`, o.cookie)).json().syncs;
    expect(runs[0]).toMatchObject({ status: 'ok', imported: rows });
    if (testDbKind === 'postgres') {
      // A sync this large refreshes the planner's statistics of clients (the next sync's read was twice as slow
      // without them): the table's row estimate already counts the new rows.
      const stats = (await t.app.ctx.db.execute(sql`select reltuples::int as n from pg_class where relname = 'clients'`)) as unknown as { rows: { n: number }[] };
      const estimate = Number(stats.rows[0]!.n);
      expect(estimate).toBeGreaterThanOrEqual(rows);
    }
  });

  it('a re-sync with a few changes that move the whole queue holds no request for long, and leaves the queue right', { timeout: 180_000 }, async () => {
    // Every 100th status changes: 300 clients' data, and the place (queue figures) of nearly every other client.
    const { res, importMs, latencies, answeredBetweenWritingSteps } = await importWatched(o, makeSheet(rows, 42, 100));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', imported: 0, updated: 300, unchanged: rows - 300, removed: 0 });
    expect(answeredBetweenWritingSteps).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(importMs / 2);

    const [portal] = await t.app.ctx.db.select().from(portals).where(eq(portals.id, o.portalId));
    expect(portal!.queueComputedFor).not.toBeNull();
    // The queue is whole: positions 1..n, once each, and the same as computing it again finds.
    const queued = await t.app.ctx.db
      .select({ position: clients.queuePosition })
      .from(clients)
      .where(and(eq(clients.portalId, o.portalId), eq(clients.queueState, 'queued')))
      .orderBy(asc(clients.queuePosition));
    expect(queued.length).toBeGreaterThan(1000);
    expect(queued.every((q, i) => q.position === i + 1)).toBe(true);
    // In the business's own zone, as the sync computed it (with 'UTC' this failed between midnight UTC and midnight
    // in New York, where "today" differs).
    const [business] = await t.app.ctx.db.select({ timeZone: businessProfiles.timeZone }).from(businessProfiles).where(eq(businessProfiles.id, portal!.businessId));
    expect(await recomputeQueue(t.app.ctx, o.portalId, business!.timeZone, { actor: queueRefreshActor })).toBe(0);
  });

  it('a re-sync that changes every client is answered between its steps, and applies all of it', { timeout: 180_000 }, async () => {
    // Another file over the first: same ids, every client's data different (names, e-mails, statuses).
    const csv = makeSheet(rows, 43, 0);
    const { res, importMs, latencies, answeredBetweenWritingSteps, answeredWhileCommitting } = await importWatched(o, csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', imported: 0, updated: rows, unchanged: 0, removed: 0 });
    // On the embedded database the rows are staged in steps, committed, then applied in steps (other requests run
    // between them all); on PostgreSQL the one transaction holds no one.
    expect(answeredBetweenWritingSteps).toBeGreaterThan(0);
    if (testDbKind === 'pglite') expect(answeredWhileCommitting).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(importMs / 2);
    const sample = parse(csv, { from_line: 2, to_line: 2 })[0] as string[];
    const [stored] = await t.app.ctx.db.select().from(clients).where(and(eq(clients.portalId, o.portalId), eq(clients.clientId, sample[0]!)));
    expect(stored).toMatchObject({ name: sample[1], email: sample[2], status: sample[3], removedAt: null });
    // Each status change is in the history, with this run.
    const before = parse(makeSheet(rows, 42, 100), { from_line: 2 }) as string[][];
    const after = parse(csv, { from_line: 2 }) as string[][];
    const changedStatuses = after.filter((r, i) => r[3] !== before[i]![3]).length;
    const [history] = await t.app.ctx.db
      .select({ n: count() })
      .from(clientStatusHistory)
      .where(and(eq(clientStatusHistory.portalId, o.portalId), eq(clientStatusHistory.syncRunId, res.json().id)));
    expect(changedStatuses).toBeGreaterThan(1000);
    expect(history!.n).toBe(changedStatuses);
    const [active] = await t.app.ctx.db
      .select({ n: count() })
      .from(clients)
      .where(and(eq(clients.portalId, o.portalId), isNull(clients.removedAt), eq(clients.queueState, 'queued')));
    expect(active!.n).toBeGreaterThan(1000);
    if (testDbKind === 'pglite') {
      const left = (await t.app.ctx.db.execute(sql`select count(*)::int as n from pg_class where relname like 'sync_stage_%'`)) as unknown as { rows: { n: number }[] };
      expect(left.rows[0]!.n).toBe(0);
    }
  });
});
