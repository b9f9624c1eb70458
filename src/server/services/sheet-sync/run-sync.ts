import crypto from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import { canFinalizeMapping, detectColumns, mappingConfidence, type ColumnMapping } from '@core/columns';
import { mappingFieldLabels, remapColumns, type RemapProblem } from '@core/column-remap';
import { createEstimateContext } from '@core/estimate';
import { messages } from '@core/messages';
import { resolveUploadMapping } from '@core/sync/mapping';
import type { DateOrder } from '@core/sheet-values';
import { defaultWorkloadSettings, workloadSettingsSchema, type WorkloadSettings } from '@core/workload-settings';
import type { Database, Db, Tx } from '../../db/client';
import type { AppMetrics } from '../../lib/metrics';
import { clients, portals, syncRuns, type PortalSetupMethod, type StagedTable, type SyncRunStatus, type SyncTrigger } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { sheetSourceFor } from '../../integrations/sheets/google-sheets';
import type { SheetSource } from '../../integrations/sheets/sheet-source';
import { applyImportPlan, deleteStepInserts, insertFirstImportInSteps, planRowCount, planWriteCount, STEP_ROWS, writeQueueInSteps } from './apply-import';
import { copyChannel } from './copy-rows';
import { decodeCsvBytes, parseSheetCsv, type ParsedSheet } from './parse-csv';
import { isLargeDrop, planImport, type ExistingClient, type ImportPlan } from './plan-import';
import { DropNeedsConfirmationError, ImportInvalidError, SyncInProgressError } from './sync-errors';
import { failStaleRunsOf } from './maintenance';
import { acquireSyncLease, releaseSyncLease, renewSyncLease } from './sync-lease';
import { commitStagedApply, dropStagedTables, finishStagedApply, stagePlan } from './staged-apply';
import { clearSyncProgress, setSyncProgress, type SyncPhase } from './sync-progress';
import { toSyncRunView, type SyncRunView } from './sync-run-view';
import { discardStoredUpload, forgetUploads, keepUpload, packUpload, storeUpload, type PackedUpload, type StoredUpload } from './uploaded-files';
import { forgetPortalMeta } from '../portal-lookup/lookup-queries';
import type { Clock } from '../../lib/clock';
import { stagedEvents, writeEvents, type EventWriter } from './sync-events';
import { queueWritten } from '../estimates/queue-written';
import { syncCapabilities, type SyncCapabilities } from './sync-capabilities';

/** What a sync needs from the app. */
export interface SyncDeps {
  db: Db;
  database: Pick<Database, 'kind'>;
  env: Env;
  logger: Logger;
  /** Stand-in for Google Sheets (tests); built from the environment otherwise. */
  sheetSource?: SheetSource;
  /** How often progress is written to the run's row while the apply runs (default 500 ms; tests use 0). */
  progressWriteMs?: number;
  /** Counts each sync and its duration for /metrics (the app context's). */
  metrics?: Pick<AppMetrics, 'observeSync'>;
  /** Records each client's change with the data (the app context's event log, decision 0011). */
  clientEvents: EventWriter;
  /** The events' time, and the queue's "now" and "today". */
  clock: Pick<Clock, 'now' | 'today'>;
  /** How this database is written (the app context's, decided at start); built from `database` and `env` when absent. */
  syncCapabilities?: SyncCapabilities;
}

export interface NewSheetSource {
  sheetId: string;
  sheetUrl: string;
  gid: string | null;
  mapping: ColumnMapping;
  setupMethod: PortalSetupMethod;
}

export interface RunSyncInput {
  portalId: string;
  /** The business the portal belongs to (already checked by the caller). */
  businessId: string;
  timeZone: string;
  trigger: SyncTrigger;
  actorUserId?: string | null;
  /** Apply even when more than half of the clients would be removed. */
  confirmDrop?: boolean;
  /** Work everything out and report it; write nothing. */
  dryRun?: boolean;
  dateOrder?: DateOrder;
  /**
   * A CSV upload; without it the portal's Google Sheet (or `newSheet`) is read. The file is kept with the portal
   * when it applies (or, held back for a large drop, until confirmed): `packed` when it is one kept already.
   */
  upload?: { bytes: Uint8Array; mapping?: ColumnMapping; setupMethod?: PortalSetupMethod; fileName?: string | null; packed?: PackedUpload };
  /** A Google Sheet to connect: saved only when its first sync applies. */
  newSheet?: NewSheetSource;
  /** The lease, when the caller (the scheduler) already holds it. */
  leaseToken?: string;
}

export interface SyncResult {
  run: SyncRunView;
  /** True when the data was written (false for a dry run). */
  applied: boolean;
  headers: string[];
  columnMapping: ColumnMapping;
  previewRows: string[][];
  confidence: number;
}

type PortalRow = typeof portals.$inferSelect;

/** JSON with object keys sorted, so a value read back from jsonb (which reorders keys) gives the same text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two syncs produce the same data: the source, its bytes, the mapping, date order and workload settings. */
export function sourceFingerprint(parts: { source: string; bytes: Uint8Array; mapping: unknown; dateOrder: string; workloadSettings: unknown }): string {
  return crypto
    .createHash('sha256')
    .update(`${parts.source}\u0000${stableJson(parts.mapping)}\u0000${parts.dateOrder}\u0000${stableJson(parts.workloadSettings)}\u0000`)
    .update(parts.bytes)
    .digest('base64url');
}

const PROGRESS_WRITE_MS = 500;

/**
 * The value for `portals.queue_computed_for` once figures computed with `settings` are written: `today`, unless the
 * workload settings changed meanwhile (then null: stale, for the next recompute).
 */
export function queueCurrentFor(settings: unknown, today: string): SQL {
  return sql`case when ${portals.workloadSettings} = ${JSON.stringify(settings)}::jsonb then ${today}::date else null end`;
}

/** The stored workload settings, defaults filled in. */
export function readWorkloadSettings(stored: unknown): WorkloadSettings {
  const parsed = workloadSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : defaultWorkloadSettings;
}

/** How often a run writing in steps renews its lease (leases last LEASE_SECONDS). */
const LEASE_RENEW_MS = 30_000;

/** A sync that writes at least this many clients refreshes the table's planner statistics. */
const ANALYZE_AFTER_ROWS = 10_000;

/**
 * Every stored client of a portal (or only those keyed `only`), as the import plan compares them; read in pages so no
 * single result is huge.
 */
export async function loadExistingClients(db: Db | Tx, portalId: string, pageSize = 10_000, only?: readonly string[]): Promise<Map<string, ExistingClient>> {
  const map = new Map<string, ExistingClient>();
  if (only?.length === 0) return map;
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select({
        clientId: clients.clientId,
        sourceId: clients.sourceId,
        emailNormalized: clients.emailNormalized,
        row: clients.row,
        status: clients.status,
        priority: clients.priority,
        dueDate: clients.dueDate,
        contentHash: clients.contentHash,
        removedAt: clients.removedAt,
        manualPosition: clients.manualPosition,
        queueState: clients.queueState,
        queuePosition: clients.queuePosition,
        estimatedWorkingDays: clients.estimatedWorkingDays,
        estimatedCompletion: clients.estimatedCompletion,
      })
      .from(clients)
      .where(and(eq(clients.portalId, portalId), after === null ? undefined : gt(clients.clientId, after), only ? inArray(clients.clientId, [...only]) : undefined))
      .orderBy(asc(clients.clientId))
      .limit(pageSize);
    // The row itself, with `removed` added: a copy by spread cost about a second per 100,000 clients.
    for (const r of rows) map.set(r.clientId, Object.assign(r, { removed: r.removedAt !== null }));
    if (rows.length < pageSize) return map;
    after = rows[rows.length - 1]!.clientId;
    await yieldToEventLoop();
  }
}

function remapMessage(problem: RemapProblem): string {
  const label = mappingFieldLabels[problem.field];
  return problem.kind === 'missing' ? messages.sync.columnMissing(label, problem.header) : messages.sync.columnOutOfRange(label, problem.column);
}

/** The warning for an optional column a sync goes on without (remapMessage's words say nothing was changed). */
function droppedMessage(problem: RemapProblem): string {
  return messages.sync.optionalColumnMissing(mappingFieldLabels[problem.field], problem.kind === 'missing' ? `"${problem.header}"` : `column ${problem.column}`);
}

/**
 * The mapping to use for this sheet, or an error that stops the sync. `keepSaved`: the saved mapping lost an optional
 * column this time (its header is missing, renamed for a while): the portal keeps its saved mapping and headers, so a
 * later sync finds that column again by its header instead of leaving it unmapped for good.
 */
function resolveMapping(portal: PortalRow, sheet: ParsedSheet, input: RunSyncInput): { mapping: ColumnMapping; warnings: string[]; keepSaved?: boolean } {
  const given = input.newSheet?.mapping ?? input.upload?.mapping;
  if (given) {
    const r = remapColumns(given, [], sheet.headers);
    if (r.errors.length > 0) throw new ImportInvalidError(remapMessage(r.errors[0]!), 'column_missing');
    return { mapping: r.mapping, warnings: r.dropped.map(droppedMessage) };
  }
  const saved = portal.columnMapping as ColumnMapping | null;
  if (!input.upload) {
    // A Google Sheet keeps its mapping: a missing required column stops the sync.
    if (!saved || !canFinalizeMapping(saved)) throw new ImportInvalidError(messages.sheets.mappingIncomplete, 'mapping_incomplete');
    const r = remapColumns(saved, portal.detectedHeaders, sheet.headers);
    if (r.errors.length > 0) throw new ImportInvalidError(remapMessage(r.errors[0]!), 'column_missing');
    return { mapping: r.mapping, warnings: r.dropped.map(droppedMessage), keepSaved: r.dropped.length > 0 };
  }
  // An upload without a mapping is mapped from its own headers, keeping the saved choices its headers allow.
  const detected = detectColumns(sheet.headers, sheet.rows.filter((r) => r.length > 0).slice(0, 50), { dateOrder: input.dateOrder ?? portal.dateOrder });
  const usable = saved && canFinalizeMapping(saved) ? saved : null;
  const { mapping, lost } = resolveUploadMapping(detected.mapping, usable, portal.detectedHeaders, sheet.headers);
  if (!canFinalizeMapping(mapping)) {
    throw new ImportInvalidError(`${messages.sheets.mappingIncomplete}. ${detected.warnings.slice(0, 3).join('. ')}`, 'mapping_incomplete');
  }
  // A saved column this file lacks: the portal keeps its saved mapping, so the column is found again when it is back.
  return { mapping, warnings: lost.map(droppedMessage), keepSaved: lost.length > 0 };
}

function previewOf(sheet: ParsedSheet): string[][] {
  return sheet.rows.filter((r) => r.length > 0).slice(0, 3);
}

/**
 * One sync or import of a portal, safe by construction (decision 0005):
 * 1. take the portal's lease (else 409: two syncs never run at once);
 * 2. read the source (Google Sheet with time-out and size cap, or the upload) and parse it;
 * 3. check everything before writing: mapping and required columns, duplicate client ids, and the drop guard
 *    (more than half the clients removed needs `confirmDrop`);
 * 4. apply the whole plan in ONE transaction (clients, removals, status history, portal state, run record); on the
 *    embedded database a large change is staged, committed in one short transaction and then applied in steps
 *    that are always finished (staged-apply.ts);
 * 5. on any failure keep the last good data, record the error on the run (and on the portal for its own source),
 *    and rethrow it for the caller.
 */
export async function runSync(deps: SyncDeps, input: RunSyncInput): Promise<SyncResult> {
  const started = performance.now();
  let outcome: SyncRunStatus = 'failed';
  try {
    const result = await syncPortal(deps, input);
    outcome = result.run.status;
    return result;
  } catch (err) {
    if (err instanceof DropNeedsConfirmationError) outcome = 'needs_confirmation';
    throw err;
  } finally {
    // Its last sync time and queue day changed (or may have): portal lookups read them again.
    if (!input.dryRun) {
      forgetPortalMeta(deps.db, input.portalId);
      await queueWritten(deps.db, input.portalId);
      deps.metrics?.observeSync(input.trigger, outcome, (performance.now() - started) / 1000);
    }
  }
}

/** How this database is written: the app context's choice, or one made from the deps (tests, scripts). */
function capabilitiesOf(deps: SyncDeps): SyncCapabilities {
  return deps.syncCapabilities ?? syncCapabilities(deps.database, deps.env);
}

async function syncPortal(deps: SyncDeps, input: RunSyncInput): Promise<SyncResult> {
  const { db } = deps;
  const caps = capabilitiesOf(deps);
  const [portal] = await db
    .select()
    .from(portals)
    .where(and(eq(portals.id, input.portalId), eq(portals.businessId, input.businessId)));
  if (!portal) throw new AppError(404, 'not_found', messages.portals.notFound);
  const isSheet = !input.upload;
  const sheetTarget = input.newSheet ?? (portal.sourceType === 'google_sheet' && portal.sheetId ? { sheetId: portal.sheetId, gid: portal.sheetGid } : null);
  if (isSheet && !sheetTarget) throw new ImportInvalidError(messages.sync.noSheet, 'no_sheet');

  const ownLease = !input.leaseToken && !input.dryRun;
  const leaseToken = input.leaseToken ?? (input.dryRun ? null : await acquireSyncLease(db, portal.id));
  if (!input.dryRun && !leaseToken) throw new SyncInProgressError();

  /** Why the lease is gone: the portal was deleted (404), or another run holds it now (409). */
  const leaseLost = async (q: Db | Tx = db): Promise<AppError> => {
    const [still] = await q.select({ id: portals.id }).from(portals).where(eq(portals.id, portal.id));
    return still ? new SyncInProgressError() : new AppError(404, 'not_found', messages.portals.notFound);
  };
  /** Renews the lease (in `q`, a step's own transaction where there is one); a lost lease stops the run. */
  const holdLease = async (q: Db | Tx = db) => {
    if (leaseToken && !(await renewSyncLease(q, portal.id, leaseToken))) throw await leaseLost(q);
  };
  let leaseRenewedAt = Date.now();
  /** Between staging steps (the run's own tables only): renews the lease now and then. */
  const keepLease = async () => {
    if (Date.now() - leaseRenewedAt < LEASE_RENEW_MS) return;
    await holdLease();
    leaseRenewedAt = Date.now();
  };

  const startedAt = new Date();
  let runId: string | null = null;
  let plan: ImportPlan | null = null;
  /** New clients written in steps and not yet committed with the rest: deleted if the run fails. */
  let stepsToUndo = false;
  /** The plan's rows staged in tables (embedded database, a large change): dropped if the run fails before its commit point. */
  let staged: StagedTable[] | null = null;
  /** Past the commit point of a staged apply: the run is finished, by this process or by whoever finds it interrupted. */
  let committed = false;
  let lastProgressWrite = 0;
  /** The upload as it is kept (its hash taken once; compressed off the event loop when its bytes must be stored). */
  let packed: PackedUpload | null = null;
  const packedUpload = (): PackedUpload | null => {
    const up = input.upload;
    if (!up) return null;
    packed ??=
      up.packed ??
      packUpload(up.bytes, {
          fileName: up.fileName,
          uploadedByUserId: input.actorUserId,
          options: { ...(up.mapping ? { columnMapping: up.mapping } : {}), ...(input.dateOrder ? { dateOrder: input.dateOrder } : {}), ...(up.setupMethod ? { setupMethod: up.setupMethod } : {}) },
        });
    return packed;
  };
  /** The upload's bytes stored (in chunks, outside any transaction) for a slot to point at; once per run. */
  let stored: StoredUpload | null = null;
  /** A slot points at them: they are the portal's now, not this run's to discard. */
  let uploadKept = false;
  const storedUpload = async () => {
    const file = packedUpload();
    if (!file) return null;
    stored ??= { ...file, uploadId: await storeUpload(db, portal.id, file) };
    return stored;
  };
  // Where the time goes (logged at debug level; the import benchmark prints it).
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round((timings[name] ?? 0) + now - mark);
    mark = now;
  };
  /** A throttled progress write still on its way (one at a time). */
  let progressWrite: Promise<void> | null = null;
  const progress = async (phase: SyncPhase, processed: number, total: number, persist: 'always' | 'throttled' | 'never') => {
    if (!runId) return;
    setSyncProgress(runId, { phase, rowsProcessed: processed, rowsTotal: total });
    const now = Date.now();
    if (persist === 'never' || (persist === 'throttled' && (progressWrite || now - lastProgressWrite < (deps.progressWriteMs ?? PROGRESS_WRITE_MS)))) return;
    lastProgressWrite = now;
    const write = db
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
    progressWrite = write.then(
      () => {
        progressWrite = null;
      },
      (e: unknown) => {
        progressWrite = null;
        deps.logger.debug({ err: e, runId }, 'could not record sync progress');
      },
    );
  };

  try {
    // A run of this portal still 'running' while we hold its lease was left by a process that died or lost the
    // lease: fail (and undo) it before reading the clients.
    // (The portal row read above may predate what that clean-up wrote: then no shortcut for an unchanged source.)
    const settledStale = leaseToken ? (await failStaleRunsOf(db, portal.id, leaseToken, deps.logger, deps.clientEvents)) > 0 : false;
    if (!input.dryRun) {
      const [run] = await db
        .insert(syncRuns)
        .values({ portalId: portal.id, trigger: input.trigger, sourceType: isSheet ? 'google_sheet' : 'csv_upload', actorUserId: input.actorUserId ?? null, startedAt })
        .returning({ id: syncRuns.id });
      runId = run!.id;
      await progress('fetching', 0, 0, 'never');
    }

    // 2. Read.
    let bytes: Uint8Array;
    const readWarnings: string[] = [];
    if (input.upload) bytes = input.upload.bytes;
    else bytes = await (deps.sheetSource ?? sheetSourceFor(deps.env)).fetchCsv(sheetTarget!.sheetId, sheetTarget!.gid);
    const dateOrder = input.dateOrder ?? portal.dateOrder;
    const sourceName = input.upload ? 'upload' : `sheet:${sheetTarget!.sheetId}#${sheetTarget!.gid ?? ''}`;
    const storedMapping = portal.columnMapping as ColumnMapping | null;
    const fastPathAllowed = !input.newSheet && !input.dryRun && storedMapping !== null && (!input.upload?.mapping || stableJson(input.upload.mapping) === stableJson(storedMapping));
    if (fastPathAllowed && !settledStale && portal.sourceFingerprint && portal.queueComputedFor === deps.clock.today(input.timeZone)) {
      const fingerprint = sourceFingerprint({ source: sourceName, bytes, mapping: storedMapping, dateOrder, workloadSettings: portal.workloadSettings });
      if (fingerprint === portal.sourceFingerprint) {
        const result = await applyUnchanged(deps, portal, runId!, input, isSheet, await storedUpload());
        uploadKept = true;
        return result;
      }
    }
    // A new upload is compressed for keeping while it is read and checked (zlib works on its own thread): some
    // 0.15 s for 9 MB that would otherwise come before the write. A failure shows where the bytes are needed.
    if (input.upload && !input.upload.packed && !input.dryRun) packedUpload()?.compressed?.().catch(() => {});
    lap('fetch');
    await progress('reading', 0, 0, 'always');
    const decoded = decodeCsvBytes(bytes);
    if (decoded.encoding !== 'utf-8') readWarnings.push(messages.sync.notUtf8);
    const sheet = await parseSheetCsv(decoded.text);
    lap('parse');

    // 3. Check.
    const { mapping, warnings: mappingWarnings, keepSaved } = resolveMapping(portal, sheet, input);
    const settings = readWorkloadSettings(portal.workloadSettings);
    const estimate = createEstimateContext(settings, input.timeZone, deps.clock.now().getTime());
    await progress('checking', 0, sheet.rows.length, 'always');
    // On the embedded database each page is a stretch of the server's thread: smaller pages, shorter stalls.
    const existing = await loadExistingClients(db, portal.id, caps.oneTransactionAtATime ? 2_500 : 10_000);
    lap('loadExisting');
    plan = await planImport({
      sheet,
      mapping,
      dateOrder,
      existing,
      estimate,
      onProgress: (done, total) => void progress('checking', done, total, 'never'),
    });
    lap('plan');
    plan.warnings.unshift(...readWarnings, ...mappingWarnings);
    if (plan.duplicateIdError) throw new ImportInvalidError(plan.duplicateIdError, 'duplicate_client_id');

    const result = (run: SyncRunView, applied: boolean): SyncResult => ({
      run,
      applied,
      headers: sheet.headers,
      columnMapping: mapping,
      previewRows: previewOf(sheet),
      confidence: mappingConfidence(mapping),
    });

    const dropMessage =
      isLargeDrop(plan) && !input.confirmDrop
        ? messages.sync.dropNeedsConfirmation(plan.removals.length, plan.previousActive, plan.nextActive, input.upload ? 'file' : 'sheet')
        : null;
    if (input.dryRun) return result(dryRunView(portal.id, input, isSheet, startedAt, plan, dropMessage), false);
    if (dropMessage) throw new DropNeedsConfirmationError(dropMessage);

    // 4. Apply, all or nothing.
    const total = planWriteCount(plan);
    await progress('writing', 0, total, 'always');
    await holdLease();
    leaseRenewedAt = Date.now();
    const persistDuringWrite = caps.oneTransactionAtATime ? 'never' : 'throttled';
    const now = new Date();
    const today = estimate.today;
    const finalPlan = plan;
    const events = writeEvents(deps.clientEvents, portal.id, existing, { kind: 'sync', runId: runId! }, deps.clock.now());
    const sourceFields = {
      ...sourceUpdate(portal, input, keepSaved ? null : { mapping, headers: sheet.headers }, dateOrder),
      // With the saved mapping kept (an optional column missing), the fingerprint is taken over it, as the next run
      // takes it: the same bytes then take the unchanged shortcut instead of a full sync every round.
      sourceFingerprint: sourceFingerprint({ source: sourceName, bytes, mapping: keepSaved && storedMapping ? storedMapping : mapping, dateOrder, workloadSettings: portal.workloadSettings }),
    };
    // Settings changed while this sync ran: leave the queue stale for the scheduler to recompute.
    const queueComputedFor = queueCurrentFor(portal.workloadSettings, today);
    const file = await storedUpload();
    /**
     * The kept files follow what applied: an upload is kept (and a held one dropped); a Google Sheet keeps none
     * (an upload held back before no longer applies).
     */
    const keepFiles = async (tx: Tx) => {
      if (file) await keepUpload(tx, portal.id, 'applied', file);
      else await forgetUploads(tx, portal.id);
    };
    // On the embedded database (one transaction at a time) the figures of clients whose data did not change but whose
    // place moved are derived data: they are written after the clients' data commits, in short steps, so a sync of
    // a large sheet with a few edits does not hold every other request (writeQueueInSteps).
    const queueInSteps = caps.oneTransactionAtATime && finalPlan.queueUpdates.length > STEP_ROWS;
    let dataPlan = queueInSteps ? { ...finalPlan, queueUpdates: [] } : finalPlan;
    // Likewise the first import of a portal with no clients at all: there is nothing to keep, so its new clients go
    // in short steps (deleted again if the run does not finish), the last with the portal's state below.
    let stepped = 0;
    if (caps.oneTransactionAtATime && existing.size === 0 && finalPlan.inserts.length > STEP_ROWS) {
      await db.update(syncRuns).set({ insertsInSteps: true }).where(eq(syncRuns.id, runId!));
      stepsToUndo = true;
      const rest = await insertFirstImportInSteps(db, portal.id, finalPlan.inserts, holdLease, (written) => progress('writing', written, total, 'never'), (tx, inserts) => events.pending(tx, { inserts }));
      stepped = finalPlan.inserts.length - rest.length;
      dataPlan = { ...dataPlan, inserts: rest };
      lap('insertSteps');
    }
    const portalState = {
      ...sourceFields,
      lastSyncedAt: now,
      lastAttemptAt: now,
      lastError: null,
      lastErrorAt: null,
      queueComputedFor: queueInSteps ? null : queueComputedFor,
      updatedAt: now,
    };
    let saved: typeof syncRuns.$inferSelect | undefined;
    if (caps.oneTransactionAtATime && planRowCount(dataPlan) > STEP_ROWS) {
      // Embedded database, a large change: staged in steps, committed in one short transaction, then applied in
      // steps (staged-apply.ts); a run interrupted past its commit point is finished by the next run or start.
      const toStage = stagedEvents(portal.id, dataPlan, existing, runId!, deps.clock.now());
      staged = await stagePlan(db, runId!, dataPlan, async (done) => {
        await progress('writing', stepped + done, total, 'never');
        await keepLease();
      }, toStage);
      lap('stageSteps');
      const tables = staged;
      await db.transaction(async (tx) => {
        await holdLease(tx);
        await tx
          .update(portals)
          .set({ ...portalState, queueComputedFor: null })
          .where(eq(portals.id, portal.id));
        await keepFiles(tx);
        await tx.update(syncRuns).set(countsOf(finalPlan, 'running')).where(eq(syncRuns.id, runId!));
        await commitStagedApply(tx, runId!, tables, { queueDay: queueInSteps ? null : today, settings: portal.workloadSettings, total });
        await events.committed(tx, {});
      });
      committed = true;
      uploadKept = true;
      await finishStagedApply(db, runId!, {
        holdLease,
        onStep: (applied, rows) => progress('committing', applied, rows, 'never'),
        announce: (tx, recorded) => deps.clientEvents.announce(tx, recorded),
      });
      lap('applySteps');
      // Finished (here, or by a clean-up that took over), or gone with its portal.
      [saved] = await db.select().from(syncRuns).where(eq(syncRuns.id, runId!));
      if (saved?.status !== 'ok') throw await leaseLost();
    } else {
      lap('beforeWrite');
      [saved] = await db.transaction(async (tx) => {
        const copy = caps.copy ? copyChannel(tx, deps.database.kind) : null;
        await applyImportPlan(tx, portal.id, runId, dataPlan, (written) => progress('writing', stepped + written, total, persistDuringWrite), copy);
        await events.committed(tx, dataPlan, copy);
        // Still ours? A run that lost its lease (expired while it wrote) must not commit over another's work; a portal
        // deleted meanwhile has no lease to renew.
        await holdLease(tx);
        await tx.update(portals).set(portalState).where(eq(portals.id, portal.id));
        await keepFiles(tx);
        return tx
          .update(syncRuns)
          .set({ ...countsOf(finalPlan, 'ok'), finishedAt: new Date(), phase: 'done', rowsProcessed: total, rowsTotal: total })
          .where(eq(syncRuns.id, runId!))
          .returning();
      });
      uploadKept = true;
    }
    stepsToUndo = false;
    lap('write');
    if (queueInSteps) {
      // The sync has applied: a failure here leaves the queue marked stale, for the scheduler to recompute.
      const before = total - finalPlan.queueUpdates.length;
      await writeQueueInSteps(
        db,
        portal.id,
        finalPlan.queueUpdates,
        (tx) => tx.update(portals).set({ queueComputedFor }).where(eq(portals.id, portal.id)),
        (written) => progress('writing', before + written, total, 'never'),
        holdLease,
        (tx, queueUpdates) => events.committed(tx, { queueUpdates }),
      ).catch((e: unknown) => deps.logger.warn({ err: e, portalId: portal.id }, 'could not write queue figures after a sync (recomputed later)'));
      lap('queueSteps');
    }
    if (finalPlan.inserts.length + finalPlan.updates.length + finalPlan.removals.length >= ANALYZE_AFTER_ROWS) {
      // Fresh planner statistics at once, not at autovacuum's next round: with none for a freshly loaded portal, the
      // next sync's paged read of its clients was planned as bitmap scans and sorts (twice as slow).
      await db.execute(sql`analyze clients (portal_id, client_id, removed_at)`).catch((e: unknown) => deps.logger.warn({ err: e }, 'could not analyze clients after a large sync'));
      lap('analyze');
    }
    deps.logger.debug({ portalId: portal.id, timings, rows: total }, 'sheet sync timings');
    clearSyncProgress(runId!);
    // The portal was deleted as the run finished (its run row went with it).
    if (!saved) throw new AppError(404, 'not_found', messages.portals.notFound);
    return result(toSyncRunView(saved), true);
  } catch (err) {
    if (committed) {
      // Past the commit point nothing is undone: the apply stays committed, and the next run of the portal or the
      // clean-up (every tick of the sync job, and each start) finishes it from where it stopped.
      if (runId) clearSyncProgress(runId);
      const gone = await leaseLost().catch(() => null);
      if (gone?.status === 404) {
        // The portal and its run are gone (deleted meanwhile): nobody will finish the apply; its tables go.
        if (staged) await dropStagedTables(db, staged).catch((e: unknown) => deps.logger.warn({ err: e }, 'could not drop the staged rows of a sync'));
        throw gone;
      }
      deps.logger.error({ err, portalId: portal.id, runId }, 'a committed sync stopped before it finished applying (finished by the clean-up)');
      throw new AppError(503, 'sync_unfinished', messages.sync.unfinished);
    }
    // 5. Keep the last good data; record why.
    // Still holding the lease? If not, another run (or the clean-up) has taken over this portal: it undoes this
    // run's steps and records the failure itself; writing here could delete or mislabel its work.
    const ours = !leaseToken || (await renewSyncLease(db, portal.id, leaseToken).catch(() => false));
    let undone = ours;
    if (stepsToUndo && ours) {
      undone = await deleteStepInserts(db, portal.id, runId!).then(
        () => true,
        (e: unknown) => {
          deps.logger.warn({ err: e }, 'could not delete the clients of an unfinished first import (undone by the next run or start)');
          return false;
        },
      );
    }
    if (runId && !undone) clearSyncProgress(runId);
    // Not undone: the run stays 'running' (and marked), for the next run of the portal or the next start to undo.
    if (runId && (undone || !stepsToUndo) && ours) {
      const status: SyncRunStatus = err instanceof DropNeedsConfirmationError ? 'needs_confirmation' : 'failed';
      const message = err instanceof AppError ? err.message : 'The sync failed unexpectedly. Nothing was changed.';
      if (!(err instanceof AppError)) deps.logger.error({ err, portalId: portal.id }, 'sheet sync failed');
      await db
        .update(syncRuns)
        .set({ ...(plan ? countsOf(plan, status) : { status }), errorMessage: message, finishedAt: new Date(), phase: 'done' })
        .where(eq(syncRuns.id, runId))
        .catch((e: unknown) => deps.logger.warn({ err: e }, 'could not record the failed sync'));
      // An upload held back for its large drop is kept, so the business can confirm it without uploading it again.
      if (status === 'needs_confirmation' && input.upload) {
        await storedUpload()
          .then(async (f) => {
            if (!f) return;
            // Still this run's portal (storing a large file takes a while): else another run's clean-up owns it.
            await db.transaction(async (tx) => {
              await holdLease(tx);
              await keepUpload(tx, portal.id, 'held', f, runId);
            });
            uploadKept = true;
          })
          .catch((e: unknown) => deps.logger.warn({ err: e, portalId: portal.id }, 'could not keep an upload held back for confirmation'));
      }
      if (input.trigger === 'manual' || input.trigger === 'schedule') await recordErrorOnPortal(deps, portal, message);
      clearSyncProgress(runId);
    }
    // A portal deleted while its run wrote makes the writes fail on its foreign keys: say what happened.
    if (!(err instanceof AppError)) {
      const gone = await leaseLost().catch(() => null);
      if (gone?.status === 404) throw gone;
    }
    throw err;
  } finally {
    // Past the commit point the tables are the apply's: dropped when it finishes (here, or by whoever finishes it).
    if (staged && !committed) await dropStagedTables(db, staged).catch((e: unknown) => deps.logger.warn({ err: e }, 'could not drop the staged rows of a sync'));
    // An upload stored for a run that did not keep it (it failed): its bytes go (or are swept later).
    // (Set inside storedUpload: the compiler cannot see it change here.)
    const leftover = stored as StoredUpload | null;
    if (leftover && !uploadKept) {
      await discardStoredUpload(db, portal.id, leftover.uploadId).catch((e: unknown) => deps.logger.warn({ err: e }, 'could not discard the bytes of an upload not kept'));
    }
    if (ownLease && leaseToken) await releaseSyncLease(db, portal.id, leaseToken).catch(() => {});
  }
}

/** A failed sync of the portal's own source: its error shown on the portal, the next try at its interval. */
async function recordErrorOnPortal(deps: SyncDeps, portal: PortalRow, message: string): Promise<void> {
  const failedAt = new Date();
  await deps.db
    .update(portals)
    .set({ lastAttemptAt: failedAt, lastError: message, lastErrorAt: failedAt, nextSyncAt: sql`now() + make_interval(mins => ${portal.syncIntervalMinutes})` })
    .where(eq(portals.id, portal.id))
    .catch((e: unknown) => deps.logger.warn({ err: e }, 'could not record the sync error on the portal'));
}

/**
 * The source is byte for byte what the last applied sync read, with the same mapping and settings, and the queue
 * is current: nothing to parse or write. The run is recorded with the last run's row counts, all unchanged.
 */
async function applyUnchanged(
  deps: SyncDeps,
  portal: PortalRow,
  runId: string,
  input: RunSyncInput,
  isSheet: boolean,
  file: StoredUpload | null,
): Promise<SyncResult> {
  const { db } = deps;
  const [last] = await db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.portalId, portal.id), eq(syncRuns.status, 'ok')))
    .orderBy(desc(syncRuns.startedAt))
    .limit(1);
  const [active] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(clients)
    .where(and(eq(clients.portalId, portal.id), sql`${clients.removedAt} is null`));
  const now = new Date();
  const [saved] = await db.transaction(async (tx) => {
    await tx
      .update(portals)
      .set({
        lastSyncedAt: now,
        lastAttemptAt: now,
        lastError: null,
        lastErrorAt: null,
        ...(isSheet ? { nextSyncAt: new Date(Date.now() + portal.syncIntervalMinutes * 60_000) } : {}),
        ...(input.upload?.setupMethod ? { setupMethod: input.upload.setupMethod } : {}),
      })
      .where(eq(portals.id, portal.id));
    // The same bytes as the applied file (perhaps under another name, or a held upload confirmed): kept as the
    // applied one. The same sheet: an upload held back meanwhile no longer applies.
    if (file) await keepUpload(tx, portal.id, 'applied', file);
    else if (isSheet) await forgetUploads(tx, portal.id);
    return tx
      .update(syncRuns)
      .set({
        status: 'ok',
        phase: 'done',
        finishedAt: new Date(),
        rowsRead: last?.rowsRead ?? active?.n ?? 0,
        unchanged: active?.n ?? 0,
        skipped: last?.skipped ?? 0,
        skippedRows: last?.skippedRows ?? [],
        warnings: last?.warnings ?? [],
      })
      .where(eq(syncRuns.id, runId))
      .returning();
  });
  clearSyncProgress(runId);
  const mapping = (portal.columnMapping ?? {}) as ColumnMapping;
  return { run: toSyncRunView(saved!), applied: true, headers: portal.detectedHeaders, columnMapping: mapping, previewRows: [], confidence: mappingConfidence(mapping) };
}

function countsOf(plan: ImportPlan, status: SyncRunStatus) {
  return {
    status,
    rowsRead: plan.counts.rowsRead,
    imported: plan.counts.imported,
    updated: plan.counts.updated,
    unchanged: plan.counts.unchanged,
    skipped: plan.counts.skipped,
    removed: plan.counts.removed,
    restored: plan.counts.restored,
    skippedRows: plan.skippedRows,
    warnings: plan.warnings,
  };
}

function dryRunView(portalId: string, input: RunSyncInput, isSheet: boolean, startedAt: Date, plan: ImportPlan, dropMessage: string | null): SyncRunView {
  return {
    id: null,
    portalId,
    trigger: input.trigger,
    status: dropMessage ? 'needs_confirmation' : 'ok',
    sourceType: isSheet ? 'google_sheet' : 'csv_upload',
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    phase: 'done',
    rowsProcessed: 0,
    rowsTotal: 0,
    ...plan.counts,
    skippedRows: plan.skippedRows,
    warnings: plan.warnings,
    error: dropMessage,
  };
}

/** The portal's source fields after an applied sync; `read` null keeps its saved mapping and headers (resolveMapping). */
function sourceUpdate(portal: PortalRow, input: RunSyncInput, read: { mapping: ColumnMapping; headers: string[] } | null, dateOrder: DateOrder): Partial<PortalRow> {
  // The date order is written only when this run was given one: the portal's own, read when the run started, may
  // have been changed meanwhile (PATCH .../portals/{id}) and must not be put back (found by review).
  const common = {
    ...(read ? { columnMapping: read.mapping as Record<string, number>, detectedHeaders: read.headers, confidence: mappingConfidence(read.mapping) } : {}),
    ...(input.dateOrder ? { dateOrder } : {}),
  };
  if (input.upload) {
    return {
      ...common,
      sourceType: 'csv_upload',
      setupMethod: input.upload.setupMethod ?? 'import',
      sheetId: null,
      sheetUrl: null,
      sheetGid: null,
      nextSyncAt: null,
    };
  }
  const nextSyncAt = new Date(Date.now() + portal.syncIntervalMinutes * 60_000);
  if (input.newSheet) {
    return {
      ...common,
      sourceType: 'google_sheet',
      setupMethod: input.newSheet.setupMethod,
      sheetId: input.newSheet.sheetId,
      sheetUrl: input.newSheet.sheetUrl,
      sheetGid: input.newSheet.gid,
      nextSyncAt,
    };
  }
  return { ...common, nextSyncAt };
}

