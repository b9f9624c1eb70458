import { and, eq } from 'drizzle-orm';
import { messages } from '@core/messages';
import type { Db, Tx } from '../../db/client';
import { portals, syncRuns, type StagedTable } from '../../db/schema';
import { AppError } from '../../errors';
import type { ImportPlan } from './plan-import';
import { RunUpload } from './run-upload';
import { syncCapabilities, type SyncCapabilities } from './sync-capabilities';
import { ImportInvalidError, SyncInProgressError } from './sync-errors';
import { acquireSyncLease, releaseSyncLease, renewSyncLease } from './sync-lease';
import { dropStagedTables } from './staged-apply';
import { setSyncProgress, type SyncPhase } from './sync-progress';
import type { PortalRow, RunSyncInput, SyncDeps } from './sync-types';

const PROGRESS_WRITE_MS = 500;

/** How often a run writing in steps renews its lease (leases last LEASE_SECONDS). */
const LEASE_RENEW_MS = 30_000;

/** When the run's progress is also written to its row: at phase changes, now and then while writing, or never. */
export type PersistProgress = 'always' | 'throttled' | 'never';

/** The portal the input names, in its business (404 otherwise), with a source to read. */
export async function loadPortal(deps: Pick<SyncDeps, 'db'>, input: RunSyncInput): Promise<PortalRow> {
  const [portal] = await deps.db
    .select()
    .from(portals)
    .where(and(eq(portals.id, input.portalId), eq(portals.businessId, input.businessId)));
  if (!portal) throw new AppError(404, 'not_found', messages.portals.notFound);
  if (!input.upload && !sheetTargetOf(portal, input)) throw new ImportInvalidError(messages.sync.noSheet, 'no_sheet');
  return portal;
}

/** The Google Sheet a run reads: the one being connected, or the portal's own. */
export function sheetTargetOf(portal: PortalRow, input: RunSyncInput): { sheetId: string; gid: string | null } | null {
  return input.newSheet ?? (portal.sourceType === 'google_sheet' && portal.sheetId ? { sheetId: portal.sheetId, gid: portal.sheetGid } : null);
}

/**
 * One run of a sync while it goes: its portal and input, the lease it holds, its run row, its progress and timings,
 * its upload, and how far its write has got (what a failure must undo, or leave for recovery to finish).
 */
export class SyncSession {
  readonly caps: SyncCapabilities;
  readonly upload: RunUpload;
  readonly startedAt = new Date();
  /** The run's row; null for a dry run. */
  runId: string | null = null;
  /** The plan, once made (a failure records its counts). */
  plan: ImportPlan | null = null;
  /** New clients written in steps and not yet committed with the rest: deleted if the run fails. */
  stepsToUndo = false;
  /** The plan's rows staged in tables (embedded database, a large change): dropped if the run fails before its commit point. */
  staged: StagedTable[] | null = null;
  /** Past the commit point of a staged apply: the run is finished, by this process or by whoever finds it interrupted. */
  committed = false;
  /** Where the time goes (logged at debug level; the import benchmark prints it). */
  readonly timings: Record<string, number> = {};
  private mark = performance.now();
  private leaseRenewedAt = Date.now();
  private lastProgressWrite = 0;
  /** A throttled progress write still on its way (one at a time). */
  private progressWrite: Promise<void> | null = null;

  constructor(
    readonly deps: SyncDeps,
    readonly portal: PortalRow,
    readonly input: RunSyncInput,
    /** The portal's lease; null for a dry run, which holds none. */
    readonly leaseToken: string | null,
    /** Taken by this run (not handed in by the scheduler): given back when it ends. */
    private readonly ownLease: boolean,
  ) {
    this.caps = deps.syncCapabilities ?? syncCapabilities(deps.database, deps.env);
    this.upload = new RunUpload(deps.db, portal.id, input);
  }

  /** Takes the portal's lease (else 409: two syncs never run at once), unless the caller holds it already. */
  static async take(deps: SyncDeps, input: RunSyncInput): Promise<SyncSession> {
    const portal = await loadPortal(deps, input);
    const token = input.leaseToken ?? (await acquireSyncLease(deps.db, portal.id));
    if (!token) throw new SyncInProgressError();
    return new SyncSession(deps, portal, input, token, !input.leaseToken);
  }

  get db(): Db {
    return this.deps.db;
  }

  get isSheet(): boolean {
    return !this.input.upload;
  }

  /** Records the run's row. */
  async recordRun(): Promise<void> {
    const [run] = await this.db
      .insert(syncRuns)
      .values({ portalId: this.portal.id, trigger: this.input.trigger, sourceType: this.isSheet ? 'google_sheet' : 'csv_upload', actorUserId: this.input.actorUserId ?? null, startedAt: this.startedAt })
      .returning({ id: syncRuns.id });
    this.runId = run!.id;
    await this.progress('fetching', 0, 0, 'never');
  }

  /** Adds the time since the last lap to `name`. */
  lap(name: string): void {
    const now = performance.now();
    this.timings[name] = Math.round((this.timings[name] ?? 0) + now - this.mark);
    this.mark = now;
  }

  /** Why the lease is gone: the portal was deleted (404), or another run holds it now (409). */
  readonly leaseLost = async (q: Db | Tx = this.db): Promise<AppError> => {
    const [still] = await q.select({ id: portals.id }).from(portals).where(eq(portals.id, this.portal.id));
    return still ? new SyncInProgressError() : new AppError(404, 'not_found', messages.portals.notFound);
  };

  /** Renews the lease (in `q`, a step's own transaction where there is one); a lost lease stops the run. */
  readonly holdLease = async (q: Db | Tx = this.db): Promise<void> => {
    if (this.leaseToken && !(await renewSyncLease(q, this.portal.id, this.leaseToken))) throw await this.leaseLost(q);
  };

  /** Renews the lease now, and counts the next renewal from here. */
  async renewLease(): Promise<void> {
    await this.holdLease();
    this.leaseRenewedAt = Date.now();
  }

  /** Between staging steps (the run's own tables only): renews the lease now and then. */
  readonly keepLease = async (): Promise<void> => {
    if (Date.now() - this.leaseRenewedAt < LEASE_RENEW_MS) return;
    await this.renewLease();
  };

  /** Still holding the lease? If not, another run (or the clean-up) has taken over this portal. */
  async stillOurs(): Promise<boolean> {
    return !this.leaseToken || (await renewSyncLease(this.db, this.portal.id, this.leaseToken).catch(() => false));
  }

  /** The run's progress, in memory for the UI (and, as `persist` says, on its row for other instances). */
  readonly progress = async (phase: SyncPhase, processed: number, total: number, persist: PersistProgress): Promise<void> => {
    const runId = this.runId;
    if (!runId) return;
    setSyncProgress(runId, { phase, rowsProcessed: processed, rowsTotal: total });
    const now = Date.now();
    if (persist === 'never' || (persist === 'throttled' && (this.progressWrite || now - this.lastProgressWrite < (this.deps.progressWriteMs ?? PROGRESS_WRITE_MS)))) return;
    this.lastProgressWrite = now;
    const write = this.db
      .update(syncRuns)
      .set({ phase, rowsProcessed: processed, rowsTotal: total })
      .where(and(eq(syncRuns.id, runId), eq(syncRuns.status, 'running')));
    if (persist === 'always') {
      await write;
      return;
    }
    // Throttled writes come from inside the apply's transaction, which holds a pool connection: waiting there for
    // another one deadlocked the pool when as many imports wrote at once as it has connections. Not awaited (the
    // status condition keeps a late one from touching a finished run); the in-memory progress is current anyway.
    this.progressWrite = write.then(
      () => {
        this.progressWrite = null;
      },
      (e: unknown) => {
        this.progressWrite = null;
        this.deps.logger.debug({ err: e, runId }, 'could not record sync progress');
      },
    );
  };

  /**
   * The run's end, however it went: staged rows not past their commit point go (past it they are the apply's,
   * dropped by whoever finishes it), an upload no slot points at goes, and a lease this run took is given back.
   */
  async close(): Promise<void> {
    const { logger } = this.deps;
    if (this.staged && !this.committed) await dropStagedTables(this.db, this.staged).catch((e: unknown) => logger.warn({ err: e }, 'could not drop the staged rows of a sync'));
    await this.upload.discardIfNotKept(logger);
    if (this.ownLease && this.leaseToken) await releaseSyncLease(this.db, this.portal.id, this.leaseToken).catch(() => {});
  }
}
