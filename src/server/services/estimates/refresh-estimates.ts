import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { calendarFor } from '@core/estimate';
import { estimateMorning, type PortalHistory } from '@core/estimates/back-test';
import type { PortalEstimates } from '@core/estimates/ranges';
import { estimateSettingsKey } from '@core/estimates/shown';
import { slipReason, type SlipReason } from '@core/estimates/slip';
import { throughputWindow } from '@core/estimates/throughput';
import { classifyPriority, type PriorityClass } from '@core/priority';
import { zoneOrUtc } from '@core/validation/auth';
import type { WorkloadSettings } from '@core/workload-settings';
import type { WorkingCalendar } from '@core/working-days';
import type { Db, Tx } from '../../db/client';
import { jsonRecordset } from '../../db/json-recordset';
import { isOneOf } from '../../db/one-of';
import { businessProfiles, clientEstimates, clients, estimateSnapshots, portalEstimateState, portals } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { ClientEventLog } from '../client-events/client-event-log';
import type { PortalMetaCache } from '../portal-lookup/portal-meta-cache';
import { STEP_ROWS } from '../sheet-sync/apply-import';
import type { SyncCapabilities } from '../sheet-sync/sync-capabilities';
import { readWorkloadSettings } from '../sheet-sync/workload-state';
import { estimatesComputed, firstShown, likelyDateEvents, type LikelyChange } from './estimate-events';
import { completedOn, readCompletions } from './read-completions';
import { readPastMornings, windowStartInstant } from './read-history';
import { holdRefreshLock, oneRefreshHere } from './refresh-lock';

// A portal's estimates, computed (issue 20, decision 0017): one simulation for the whole queue after each sync or
// queue recompute and at the start of each day; each queued client's row is written only when its figures changed;
// the day's first computation is kept as the day's snapshot of what each client was shown. Once a portal's estimates
// are computed, the refresh alone records its clients' `client.estimate_changed` (estimate-events.ts), with the rows.

/** Rows per statement. */
const WRITE_BATCH = 5000;

export interface RefreshDeps {
  db: Db;
  clock: Clock;
  /** Told that the portal's estimates changed (the app context's cache). */
  portalMeta: Pick<PortalMetaCache, 'portalChanged'>;
  /** Where the most likely dates' changes are recorded (and handed to notifications and webhooks). */
  clientEvents: Pick<ClientEventLog, 'record'>;
  /** The embedded database writes in short steps. */
  syncCapabilities: Pick<SyncCapabilities, 'oneTransactionAtATime'>;
  /** Tests: called once the queue and the stored estimates were read, before anything is written. None in the app. */
  afterReading?: () => Promise<void>;
}

export interface RefreshResult {
  today: string;
  basis: 'history' | 'settings';
  queued: number;
  /** Client rows written (new or changed). */
  written: number;
  /** `client.estimate_changed` events recorded (most likely dates changed, estimates gone). */
  events: number;
  /** A snapshot was taken (the day's first computation). */
  snapshot: boolean;
  /** Clients whose most likely date moved later by more than a working day since they last saw it. */
  slipped: { clientId: string; reason: SlipReason; days: number }[];
}

interface QueuedClient {
  clientId: string;
  position: number;
  priorityClass: PriorityClass;
  /** D4's formula date as stored by the queue's writers. */
  formulaDate: string | null;
}

type EstimateRow = typeof clientEstimates.$inferSelect;

interface PortalSetting {
  id: string;
  createdAt: Date;
  timeZone: string;
  settings: WorkloadSettings;
  calendar: WorkingCalendar;
}

/** Computes and stores a portal's estimates; null when the portal is gone. */
export async function refreshPortalEstimates(deps: RefreshDeps, portalId: string): Promise<RefreshResult | null> {
  const portal = await readPortal(deps.db, portalId);
  if (!portal) return null;
  const today = deps.clock.today(portal.timeZone);
  const settingsKey = estimateSettingsKey(portal.settings);
  // The queue and what is stored are read where they are written, one refresh of the portal at a time: two
  // refreshes (two instances, or two intervals' jobs) never both record the same change of a date, and one that
  // waited for the other computes from the queue as it is then, not as it was before the wait.
  const { current, changed, slipped, events, estimates, queue } = await onePerPortal(deps, portalId, async (q, inStep) => {
    const queue = await readQueue(q, portalId);
    const estimates = await computeEstimates(q, portal, today, queue);
    const pace = estimates.forecast ? estimates.forecast.learned.perDay : portal.settings.dailyCapacity;
    const state = { portalId, computedFor: today, updatedAt: deps.clock.now(), basis: estimates.basis, pace, windowCompletions: windowCompletionsOf(estimates), holidays: portal.settings.holidays, settingsKey };
    const firstRefresh = !(await estimatesComputed(q, portalId));
    const rows = estimateRows({ portal, today, queue, estimates, pace, settingsKey, existing: await readExisting(q, portalId), firstRefresh });
    await deps.afterReading?.();
    return { ...rows, estimates, queue, events: await writeRefresh(deps, inStep, portalId, rows.changed, state) };
  });
  deps.portalMeta.portalChanged(portalId);
  const snapshot = await snapshotOnce(deps.db, portalId, today, current);
  return { today, basis: estimates.basis, queued: queue.length, written: changed.length, events, snapshot, slipped };
}

/** A row to write, with the most likely date its client was shown before (the event's `from`). */
interface ChangedRow {
  row: EstimateRow;
  shownBefore: string | null;
}

const likelyChanges = (rows: readonly ChangedRow[]): LikelyChange[] => rows.map((c) => ({ clientId: c.row.clientId, from: c.shownBefore, to: c.row.likely }));

/** Runs `write` in a transaction of its own (embedded database) or in the refresh's one transaction (PostgreSQL). */
type InStep = <T>(write: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * One write of a portal's estimates at a time, from reading what is stored to the last row, under the portal's
 * refresh lock (refresh-lock.ts): on PostgreSQL one transaction holding it (any instance); on the embedded database,
 * in this process, after the portal's refresh under way, in steps.
 */
async function onePerPortal<T>(deps: RefreshDeps, portalId: string, run: (q: Db | Tx, inStep: InStep) => Promise<T>): Promise<T> {
  if (!deps.syncCapabilities.oneTransactionAtATime) {
    return deps.db.transaction(async (tx) => {
      await holdRefreshLock(tx, portalId);
      return run(tx, (write) => write(tx));
    });
  }
  return oneRefreshHere(portalId, () => run(deps.db, (write) => deps.db.transaction(write)));
}

/**
 * Writes the changed rows with their events, then drops the rows of clients no longer queued (with theirs) and
 * records the computation: in the refresh's one transaction on PostgreSQL; on the embedded database (one transaction
 * at a time) in steps of STEP_ROWS rows, each with its events, as the queue's writers go. A refresh stopped between
 * steps leaves nothing to mend: the next one compares with the rows as stored. Returns the events recorded.
 */
async function writeRefresh(deps: RefreshDeps, inStep: InStep, portalId: string, changed: readonly ChangedRow[], state: typeof portalEstimateState.$inferInsert): Promise<number> {
  const at = deps.clock.now();
  let recorded = 0;
  const record = async (tx: Tx, changes: Iterable<LikelyChange>) => {
    const events = likelyDateEvents(portalId, changes);
    if (events.length === 0) return;
    await deps.clientEvents.record(tx, events, at);
    recorded += events.length;
  };
  const step = async (tx: Tx, part: readonly ChangedRow[]) => {
    await writeRows(tx, portalId, part.map((c) => c.row));
    await record(tx, likelyChanges(part));
  };
  const last = async (tx: Tx) => {
    await record(tx, await dropUnqueued(tx, portalId));
    await tx.insert(portalEstimateState).values(state).onConflictDoUpdate({ target: portalEstimateState.portalId, set: { ...state, portalId: undefined } });
  };
  const size = deps.syncCapabilities.oneTransactionAtATime ? STEP_ROWS : changed.length;
  const parts: ChangedRow[][] = [];
  for (let i = 0; i < changed.length; i += size) parts.push(changed.slice(i, i + size));
  if (parts.length === 0) parts.push([]);
  for (let i = 0; i < parts.length; i += 1) {
    await inStep(async (tx) => {
      await step(tx, parts[i]!);
      if (i === parts.length - 1) await last(tx);
    });
    if (i < parts.length - 1) await yieldToEventLoop();
  }
  return recorded;
}

interface RowsInput {
  portal: PortalSetting;
  today: string;
  queue: readonly QueuedClient[];
  estimates: PortalEstimates;
  pace: number;
  settingsKey: string;
  existing: Map<string, EstimateRow>;
  /** The portal's estimates were never computed: its clients were shown the formula's date. */
  firstRefresh: boolean;
}

/** Each queued client's row now, those that changed, and who slipped since they last looked. */
function estimateRows(input: RowsInput): { current: EstimateRow[]; changed: ChangedRow[]; slipped: RefreshResult['slipped'] } {
  const { portal, today, estimates } = input;
  const current: EstimateRow[] = [];
  const changed: ChangedRow[] = [];
  const slipped: RefreshResult['slipped'] = [];
  for (const client of input.queue) {
    const range = estimates.rangeFor(client.position, client.priorityClass);
    const before = input.existing.get(client.clientId);
    const slip = before?.seenLikely
      ? slipReason({
          seen: { likely: before.seenLikely, position: before.seenPosition ?? client.position, basis: before.seenBasis ?? range.basis, holidays: before.seenHolidays ?? [], ...(before.seenSettingsKey ? { settingsKey: before.seenSettingsKey } : {}) },
          now: { likely: range.likely, position: client.position, basis: range.basis, holidays: portal.settings.holidays, settingsKey: input.settingsKey },
          calendar: portal.calendar,
          today,
          pace: input.pace,
        })
      : null;
    if (slip) slipped.push({ clientId: client.clientId, ...slip });
    const row: EstimateRow = {
      ...seenOf(before),
      portalId: portal.id,
      clientId: client.clientId,
      position: client.position,
      priorityClass: client.priorityClass,
      ...range,
      reason: slip?.reason ?? null,
      slipDays: slip?.days ?? null,
    };
    current.push(row);
    if (!before || differs(before, row)) changed.push({ row, shownBefore: before ? before.likely : firstShown(input.firstRefresh, client.formulaDate) });
  }
  return { current, changed, slipped };
}

async function readPortal(db: Db, portalId: string): Promise<PortalSetting | null> {
  const [row] = await db
    .select({ id: portals.id, createdAt: portals.createdAt, workloadSettings: portals.workloadSettings, timeZone: businessProfiles.timeZone })
    .from(portals)
    .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
    .where(eq(portals.id, portalId));
  if (!row) return null;
  const settings = readWorkloadSettings(row.workloadSettings);
  return { id: row.id, createdAt: row.createdAt, timeZone: zoneOrUtc(row.timeZone), settings, calendar: calendarFor(settings) };
}

async function readQueue(db: Db | Tx, portalId: string): Promise<QueuedClient[]> {
  const rows = await db
    .select({ clientId: clients.clientId, position: clients.queuePosition, priority: clients.priority, formulaDate: clients.estimatedCompletion })
    .from(clients)
    .where(and(eq(clients.portalId, portalId), eq(clients.queueState, 'queued'), isNull(clients.removedAt)));
  return rows.filter((r) => r.position !== null).map((r) => ({ clientId: r.clientId, position: r.position!, priorityClass: classifyPriority(r.priority), formulaDate: r.formulaDate }));
}

/** One simulation (or the settings' formula) for the whole queue, from what the portal knows of its past. */
async function computeEstimates(db: Db | Tx, portal: PortalSetting, today: string, queue: readonly QueuedClient[]): Promise<PortalEstimates> {
  const window = throughputWindow([], portal.calendar, today, { firstDate: null });
  const since = windowStartInstant(window.days[0], today);
  const completions = await readCompletions(db, portal, portal.timeZone, since);
  const past = await readPastMornings(db, portal.id, portal.timeZone, since, today);
  const history: PortalHistory = { completions: completions.completions, mornings: past.mornings, completedOn: past.completedOn, firstDate: completions.firstDate };
  const maxPosition = queue.reduce((m, c) => Math.max(m, c.position), 1);
  return estimateMorning({ settings: portal.settings, calendar: portal.calendar, seed: portal.id }, history, today, maxPosition, completedOn(completions.completions, today));
}

function windowCompletionsOf(estimates: PortalEstimates): number {
  return estimates.forecast ? estimates.forecast.learned.completions : 0;
}

async function readExisting(db: Db | Tx, portalId: string): Promise<Map<string, EstimateRow>> {
  const rows = await db.select().from(clientEstimates).where(eq(clientEstimates.portalId, portalId));
  return new Map(rows.map((r) => [r.clientId, r]));
}

function seenOf(before: EstimateRow | undefined): Pick<EstimateRow, 'seenLikely' | 'seenPosition' | 'seenBasis' | 'seenHolidays' | 'seenSettingsKey' | 'seenAt'> {
  return {
    seenLikely: before?.seenLikely ?? null,
    seenPosition: before?.seenPosition ?? null,
    seenBasis: before?.seenBasis ?? null,
    seenHolidays: before?.seenHolidays ?? null,
    seenSettingsKey: before?.seenSettingsKey ?? null,
    seenAt: before?.seenAt ?? null,
  };
}

const FIGURES = ['position', 'priorityClass', 'likely', 'low', 'high', 'basis', 'reason', 'slipDays'] as const;

function differs(a: EstimateRow, b: EstimateRow): boolean {
  return FIGURES.some((k) => a[k] !== b[k]);
}

/**
 * Rows go to the database as one jsonb parameter per batch, read back with `jsonb_to_recordset` (as the sync writes
 * clients): building a 1,000-row multi-value insert took longer than the database took to write it.
 */
const FIGURE_COLUMNS = 'client_id text, position integer, priority_class text, likely date, low date, high date, basis text';
const figuresOf = (r: EstimateRow) => ({ client_id: r.clientId, position: r.position, priority_class: r.priorityClass, likely: r.likely, low: r.low, high: r.high, basis: r.basis });

/** Writes new and changed rows (what the client last saw is left as it is). */
async function writeRows(db: Db | Tx, portalId: string, rows: readonly EstimateRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = rows.slice(i, i + WRITE_BATCH).map((r) => ({ ...figuresOf(r), reason: r.reason, slip_days: r.slipDays }));
    await db.execute(sql`
      insert into client_estimates (portal_id, client_id, position, priority_class, likely, low, high, basis, reason, slip_days)
      select ${portalId}, x.* from ${jsonRecordset(batch)} as x(${sql.raw(FIGURE_COLUMNS)}, reason text, slip_days integer)
      on conflict (portal_id, client_id) do update set
        position = excluded.position, priority_class = excluded.priority_class, likely = excluded.likely, low = excluded.low,
        high = excluded.high, basis = excluded.basis, reason = excluded.reason, slip_days = excluded.slip_days`);
  }
}

/**
 * Clients no longer queued (done, cancelled, on hold, removed) have no estimate. Returns the estimates that went of
 * clients still listed (to null: a removed client's event says it left, as a writer's would).
 * Each statement reads one table of one portal, and the lists are compared here, not in an anti-join: right
 * after a large write (a managed bulk request has no ANALYZE) the planner's statistics say the portal has a handful of
 * clients, and PostgreSQL compared every estimate with every client (2.3 s for 7,500, growing with the square).
 */
async function dropUnqueued(tx: Tx, portalId: string): Promise<LikelyChange[]> {
  const estimated = await tx.select({ clientId: clientEstimates.clientId }).from(clientEstimates).where(eq(clientEstimates.portalId, portalId));
  const people = await tx.select({ clientId: clients.clientId, queueState: clients.queueState, removedAt: clients.removedAt }).from(clients).where(eq(clients.portalId, portalId));
  const listed = new Set(people.filter((c) => c.removedAt === null).map((c) => c.clientId));
  const stillQueued = new Set(people.filter((c) => c.removedAt === null && c.queueState === 'queued').map((c) => c.clientId));
  const unqueued = estimated.map((e) => e.clientId).filter((id) => !stillQueued.has(id));
  if (unqueued.length === 0) return [];
  const gone = await tx
    .delete(clientEstimates)
    .where(and(eq(clientEstimates.portalId, portalId), isOneOf(clientEstimates.clientId, unqueued)))
    .returning({ clientId: clientEstimates.clientId, likely: clientEstimates.likely });
  return gone
    .filter((g) => listed.has(g.clientId))
    .sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0))
    .map((g) => ({ clientId: g.clientId, from: g.likely, to: null }));
}

/** The day's snapshot of what each queued client was shown: taken by the day's first computation only. */
async function snapshotOnce(db: Db, portalId: string, today: string, rows: readonly EstimateRow[]): Promise<boolean> {
  const taken = await db
    .select({ one: sql`1` })
    .from(estimateSnapshots)
    .where(and(eq(estimateSnapshots.portalId, portalId), eq(estimateSnapshots.shownOn, today)))
    .limit(1);
  if (taken.length > 0 || rows.length === 0) return false;
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    await db.execute(sql`
      insert into estimate_snapshots (portal_id, shown_on, client_id, position, priority_class, likely, low, high, basis)
      select ${portalId}, ${today}::date, x.* from ${jsonRecordset(rows.slice(i, i + WRITE_BATCH).map(figuresOf))} as x(${sql.raw(FIGURE_COLUMNS)})
      on conflict do nothing`);
  }
  return true;
}
