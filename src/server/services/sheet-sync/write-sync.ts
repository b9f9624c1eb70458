// The write half of a sync (docs/sheet-sync.md): a checked plan and the portal's new state are written by the one
// PlanWriter the database's capabilities choose, then the queue figures left for steps, then fresh statistics.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { portals, syncRuns } from '../../db/schema';
import { applyImportPlan, insertFirstImportInSteps, planRowCount, planWriteCount, STEP_ROWS, writeQueueInSteps } from './apply-import';
import { copyChannelIfStreaming } from './copy-rows';
import { applyRun } from './run-moves';
import type { ExistingClient, ImportPlan } from './plan-import';
import type { PreparedSync } from './prepare-sync';
import { commitStagedApply, finishStagedApply, stagePlan } from './staged-apply';
import type { SyncCapabilities } from './sync-capabilities';
import { stagedEvents, writeEvents, type WriteEvents } from './sync-events';
import { figuresOf, sourceUpdate, type SavedRun } from './sync-outcome';
import type { SyncSession } from './sync-session';
import type { PortalRow } from './sync-types';
import { fingerprintOf } from './unchanged-source';
import { forgetUploads, keepUpload } from './uploaded-files';
import { queueCurrentFor } from './workload-state';

/** A sync that writes at least this many clients refreshes the table's planner statistics. */
const ANALYZE_AFTER_ROWS = 10_000;

/** What a writer writes: the plan, the portal's state after it, and the files kept with it. */
export interface WriteJob {
  /** The whole plan (its counts are the run's). */
  plan: ImportPlan;
  /** The part of it written with the portal's state: the plan without the queue figures left for steps. */
  data: ImportPlan;
  existing: ReadonlyMap<string, ExistingClient>;
  /** Rows written in all (the progress total). */
  total: number;
  today: string;
  /** Queue figures written in steps after the data commits (embedded database, many of them). */
  queueInSteps: boolean;
  /** `portals.queue_computed_for` once the queue figures are written. */
  queueComputedFor: SQL;
  /** The portal's new state (its source, last sync, queue day). */
  portalState: Omit<Partial<PortalRow>, 'queueComputedFor'> & { queueComputedFor: SQL | null };
  events: WriteEvents;
  /** The kept files follow what applied (in the write's transaction). */
  keepFiles: (tx: Tx) => Promise<void>;
}

/** One way to write a checked plan; the run as saved, or undefined when the portal was deleted meanwhile. */
export interface PlanWriter {
  write(s: SyncSession, job: WriteJob): Promise<SavedRun | undefined>;
}

/** Writes the plan, the portal's state and the run record; then the queue figures left for steps and statistics. */
export async function writeSync(s: SyncSession, p: PreparedSync): Promise<SavedRun | undefined> {
  const job = await writeJobOf(s, p);
  const saved = await choosePlanWriter(s.caps, job).write(s, job);
  s.stepsToUndo = false;
  s.lap('write');
  await s.deps.failAt?.('written');
  if (job.queueInSteps) await writeQueueAfter(s, job);
  await analyzeAfterLargeWrite(s, p.plan);
  return saved;
}

/**
 * The one place a write strategy is chosen. A server database writes in one transaction (statements or COPY). The
 * embedded one runs one transaction at a time, so a long one holds every other request: the first import of a
 * portal with no clients at all goes in steps; another large change is staged; a small one is one transaction.
 */
export function choosePlanWriter(caps: SyncCapabilities, job: WriteJob): PlanWriter {
  if (!caps.oneTransactionAtATime) return oneTransactionWriter;
  if (job.existing.size === 0 && job.data.inserts.length > STEP_ROWS) return steppedWriter;
  if (planRowCount(job.data) > STEP_ROWS) return stagedWriter;
  return oneTransactionWriter;
}

async function writeJobOf(s: SyncSession, p: PreparedSync): Promise<WriteJob> {
  const { plan } = p;
  const total = planWriteCount(plan);
  await s.progress('writing', 0, total, 'always');
  await s.renewLease();
  const now = new Date();
  const today = p.estimate.today;
  // On the embedded database (one transaction at a time) the figures of clients whose data did not change but whose
  // place moved are derived data: they are written after the clients' data commits, in short steps, so a sync of
  // a large sheet with a few edits does not hold every other request (writeQueueInSteps).
  const queueInSteps = s.caps.oneTransactionAtATime && plan.queueUpdates.length > STEP_ROWS;
  // Settings changed while this sync ran: leave the queue stale for the scheduler to recompute.
  const queueComputedFor = queueCurrentFor(s.portal.workloadSettings, today);
  const events = writeEvents(s.deps.clientEvents, s.portal.id, p.existing, { kind: 'sync', runId: s.runId! }, s.deps.clock, s.deps.failAt);
  const portalState = { ...sourceFields(s, p), lastSyncedAt: now, lastAttemptAt: now, lastError: null, lastErrorAt: null, queueComputedFor: queueInSteps ? null : queueComputedFor, updatedAt: now };
  const file = await s.upload.stored();
  return {
    plan,
    data: queueInSteps ? { ...plan, queueUpdates: [] } : plan,
    existing: p.existing,
    total,
    today,
    queueInSteps,
    queueComputedFor,
    portalState,
    events,
    // An upload is kept (and a held one dropped); a Google Sheet keeps none (an upload held back before no longer applies).
    keepFiles: async (tx) => {
      if (file) await keepUpload(tx, s.portal.id, 'applied', file);
      else await forgetUploads(tx, s.portal.id);
    },
  };
}

/** The portal's source fields after this sync, with the fingerprint the next run compares. */
function sourceFields(s: SyncSession, p: PreparedSync): Partial<PortalRow> {
  const saved = s.portal.columnMapping;
  return {
    ...sourceUpdate(s.portal, s.input, p.keepSaved ? null : { mapping: p.mapping, headers: p.sheet.headers }, p.source.dateOrder),
    // With the saved mapping kept (an optional column missing), the fingerprint is taken over it, as the next run
    // takes it: the same bytes then take the unchanged shortcut instead of a full sync every round.
    sourceFingerprint: fingerprintOf(s, p.source, p.keepSaved && saved ? saved : p.mapping),
  };
}

/** Everything in one transaction (COPY or statements): the plan, its events, the portal's state, the run record. */
const oneTransactionWriter: PlanWriter = { write: (s, job) => writeInOneTransaction(s, job, job.data, 0) };

async function writeInOneTransaction(s: SyncSession, job: WriteJob, data: ImportPlan, stepped: number): Promise<SavedRun | undefined> {
  const { db, portal, caps } = s;
  const persist = caps.oneTransactionAtATime ? 'never' : 'throttled';
  s.lap('beforeWrite');
  const saved = await db.transaction(async (tx) => {
    const copy = copyChannelIfStreaming(caps, tx, s.deps.database.kind);
    await applyImportPlan(tx, portal.id, s.runId, data, (written) => s.progress('writing', stepped + written, job.total, persist), copy);
    await job.events.committed(tx, data, copy);
    // Still ours? A run that lost its lease (expired while it wrote) must not commit over another's work; a portal
    // deleted meanwhile has no lease to renew.
    await s.holdLease(tx);
    await tx.update(portals).set(job.portalState).where(eq(portals.id, portal.id));
    await job.keepFiles(tx);
    const saved = await applyRun(tx, s.runId!, 'running', { ...figuresOf(job.plan), rowsProcessed: job.total, rowsTotal: job.total });
    // Ended by another meanwhile (it held the lease, so it cannot have been): nothing of this run commits.
    if (!saved) throw await s.leaseLost(tx);
    return saved;
  });
  s.upload.kept = true;
  return saved;
}

/**
 * The first import of a portal with no clients at all (embedded database): there is nothing to keep, so its new
 * clients go in short steps (deleted again if the run does not finish), the last with the portal's state.
 */
const steppedWriter: PlanWriter = {
  async write(s, job) {
    await s.db.update(syncRuns).set({ insertsInSteps: true }).where(eq(syncRuns.id, s.runId!));
    s.stepsToUndo = true;
    const { inserts } = job.data;
    const rest = await insertFirstImportInSteps(
      s.db,
      s.portal.id,
      inserts,
      s.holdLease,
      (written) => s.progress('writing', written, job.total, 'never'),
      (tx, part) => job.events.pending(tx, { inserts: part }),
    );
    s.lap('insertSteps');
    await s.deps.failAt?.('steps');
    return writeInOneTransaction(s, job, { ...job.data, inserts: rest }, inserts.length - rest.length);
  },
};

/**
 * A large change on the embedded database: staged in steps, committed in one short transaction, then applied in
 * steps (staged-apply.ts); a run interrupted past its commit point is finished by the next run or start.
 */
const stagedWriter: PlanWriter = {
  async write(s, job) {
    const { db, portal } = s;
    const runId = s.runId!;
    const toStage = await stagedEvents(db, portal.id, job.data, job.existing, runId, s.deps.clock.now());
    s.staged = await stagePlan(
      db,
      runId,
      job.data,
      async (done) => {
        await s.progress('writing', done, job.total, 'never');
        await s.keepLease();
      },
      toStage,
    );
    s.lap('stageSteps');
    await s.deps.failAt?.('staged');
    const tables = s.staged;
    await db.transaction(async (tx) => {
      await s.holdLease(tx);
      await tx
        .update(portals)
        .set({ ...job.portalState, queueComputedFor: null })
        .where(eq(portals.id, portal.id));
      await job.keepFiles(tx);
      await tx.update(syncRuns).set(figuresOf(job.plan)).where(eq(syncRuns.id, runId));
      await commitStagedApply(tx, runId, tables, { queueDay: job.queueInSteps ? null : job.today, settings: portal.workloadSettings, total: job.total });
      await job.events.committed(tx, {});
    });
    s.committed = true;
    s.upload.kept = true;
    await s.deps.failAt?.('committed');
    await finishStagedApply(db, runId, {
      holdLease: s.holdLease,
      onStep: async (applied, rows) => {
        await s.progress('committing', applied, rows, 'never');
        await s.deps.failAt?.('applying');
      },
      announce: (tx, recorded) => s.deps.clientEvents.announce(tx, recorded),
    });
    s.lap('applySteps');
    // Finished (here, or by a clean-up that took over), or gone with its portal.
    const [saved] = await db.select().from(syncRuns).where(eq(syncRuns.id, runId));
    if (saved?.status !== 'ok') throw await s.leaseLost();
    return saved;
  },
};

/** The sync has applied: a failure here leaves the queue marked stale, for the scheduler to recompute. */
async function writeQueueAfter(s: SyncSession, job: WriteJob): Promise<void> {
  const { queueUpdates } = job.plan;
  const before = job.total - queueUpdates.length;
  await writeQueueInSteps(
    s.db,
    s.portal.id,
    queueUpdates,
    (tx) => tx.update(portals).set({ queueComputedFor: job.queueComputedFor }).where(eq(portals.id, s.portal.id)),
    (written) => s.progress('writing', before + written, job.total, 'never'),
    s.holdLease,
    (tx, part) => job.events.committed(tx, { queueUpdates: part }),
  ).catch((e: unknown) => s.deps.logger.warn({ err: e, portalId: s.portal.id }, 'could not write queue figures after a sync (recomputed later)'));
  s.lap('queueSteps');
}

/**
 * Fresh planner statistics at once, not at autovacuum's next round: with none for a freshly loaded portal, the next
 * sync's paged read of its clients was planned as bitmap scans and sorts (twice as slow).
 */
async function analyzeAfterLargeWrite(s: SyncSession, plan: ImportPlan): Promise<void> {
  if (plan.inserts.length + plan.updates.length + plan.removals.length < ANALYZE_AFTER_ROWS) return;
  await s.db.execute(sql`analyze clients (portal_id, client_id, removed_at)`).catch((e: unknown) => s.deps.logger.warn({ err: e }, 'could not analyze clients after a large sync'));
  s.lap('analyze');
}
