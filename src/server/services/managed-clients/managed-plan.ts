import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { computeQueue, createEstimateContext, type EstimateContext } from '@core/estimate';
import { MANAGED_HEADERS, MANAGED_MAPPING, managedSheetRows, touchedBy, type ManagedChange, type ManagedRow } from '@core/managed-clients';
import type { DateOrder } from '@core/sheet-values';
import type { ClientState } from '@core/sync/client-changes';
import { figuresOf, queueChange, type QueueWrite } from '@core/sync/queue-diff';
import type { Db, Tx } from '../../db/client';
import { isOneOf } from '../../db/one-of';
import { clients } from '../../db/schema';
import { planImport, type ExistingClient, type ImportPlan } from '../sheet-sync/plan-import';
import type { QueueInputRow } from '../sheet-sync/recompute-queue';
import { existingClientColumns, existingClientOf, loadExistingClients } from '../sheet-sync/prepare-sync';
import { readWorkloadSettings } from '../sheet-sync/workload-state';

// A managed write that costs in proportion to the clients it names (issue 22 bench): only the clients the changes can
// touch are read in full and planned by the sync's planImport (identity, e-mail rules, content, status history); the
// queue, which a change of one client can move for all, is then computed over the whole portal from its narrow queue
// columns, exactly as the sync's plan computes it. The plan and its events are what a plan of the whole portal would
// give (tests/server/managed-clients.test.ts compares them).

const managedColumns = {
  clientId: clients.clientId,
  sourceId: clients.sourceId,
  row: clients.row,
  name: clients.name,
  email: clients.email,
  status: clients.status,
  priority: clients.priority,
  dueDate: clients.dueDateText,
  notes: clients.notes,
  removedAt: clients.removedAt,
};

/** Every stored client of the portal as managed rows, current and removed. */
export async function readManagedRows(db: Db | Tx, portalId: string): Promise<{ active: Map<string, ManagedRow>; removed: Map<string, ManagedRow> }> {
  return managedRowsOf(await db.select(managedColumns).from(clients).where(eq(clients.portalId, portalId)));
}

type StoredManagedRow = { sourceId: string | null; removedAt: Date | null } & Omit<ManagedRow, 'idCell'>;

function managedRowsOf(rows: readonly StoredManagedRow[]) {
  const active = new Map<string, ManagedRow>();
  const removed = new Map<string, ManagedRow>();
  for (const { sourceId, removedAt, ...r } of rows) (removedAt ? removed : active).set(r.clientId, { ...r, idCell: sourceId ?? r.clientId });
  return { active, removed };
}


/** The portal's clients matching `where`, with the columns of both the managed rows and the sync's plan. */
const touchedSelect = (db: Db | Tx, portalId: string, where: SQL) =>
  db
    .select({ existing: existingClientColumns, managed: managedColumns })
    .from(clients)
    .where(and(eq(clients.portalId, portalId), where));

/**
 * The clients whose ID cell is one of `keys` and differs from their key (an ID cell changed since): read as the few
 * clients whose two differ (a partial index holds just those: without it every request read the whole portal, 3 ms
 * at 7,000 clients), then matched here. A join to the list would be planned from the table's statistics, which right
 * after a large write say the portal is small.
 */
async function idCellsNamed(db: Db | Tx, portalId: string, keys: readonly string[]) {
  const named = new Set(keys);
  const differing = await touchedSelect(db, portalId, sql`${clients.sourceId} <> ${clients.clientId}`);
  return differing.filter((r) => r.managed.sourceId !== null && named.has(r.managed.sourceId));
}

/**
 * The clients `changes` can touch, current and removed: the ones they name, those whose ID cell is a key they name,
 * and those with an e-mail address they write or that a named client has (a restore brings its address back). Read
 * once with the columns the sync's plan compares them by (`existing`), and with the portal's highest row, so new
 * clients still go last; and, alongside (at once on PostgreSQL), every current client's queue inputs for the plan's
 * queue (`queueInputs`: read, or remembered by queue-inputs-cache.ts; returned as `queueRows`, perhaps still being
 * read: see queueRowsLater). The addresses the changes write are looked up alongside the keys; only the named
 * clients' stored addresses that the changes do not write wait for the keys' answer. The lists go as one array
 * parameter each (1,000 keys as 1,000 parameters cost the embedded database more than the read). Plain lookups, not
 * one query with OR: with another portal holding the same keys and addresses, the embedded database planned the OR
 * into a scan that took seconds a request.
 */
export async function readTouchedRows(db: Db | Tx, portalId: string, changes: readonly ManagedChange[], queueInputs: Promise<readonly QueueInputRow[]>) {
  const { keys, emails } = touchedBy(changes);
  const queueRows = queueRowsLater(queueInputs);
  const byAddress = (addresses: readonly string[]) => (addresses.length > 0 ? touchedSelect(db, portalId, isOneOf(clients.emailNormalized, addresses)) : []);
  const [byKey, byIdCell, [last], byEmailGiven] = await Promise.all([
    touchedSelect(db, portalId, isOneOf(clients.clientId, keys)),
    idCellsNamed(db, portalId, keys),
    // The highest row as the index's last entry: max() was planned, from statistics taken before a large write, as a
    // read of every entry (2.7 ms at 10,000 clients on PostgreSQL).
    db.select({ lastRow: clients.row }).from(clients).where(eq(clients.portalId, portalId)).orderBy(desc(clients.row)).limit(1),
    // Alongside the keys (PostgreSQL runs them at once: 2-3 ms a bulk request each at 10,000 clients): the addresses
    // the changes write; then the named clients' stored addresses they do not (one a change replaces, or leaves as it
    // is: a patch of other fields, a restore).
    byAddress(emails),
  ]);
  const given = new Set(emails);
  const byEmailStored = await byAddress([...new Set(byKey.map((r) => r.existing.emailNormalized))].filter((a) => !given.has(a)));
  const rows = new Map([...byKey, ...byIdCell, ...byEmailGiven, ...byEmailStored].map((r) => [r.existing.clientId, r]));
  const existing = new Map<string, ExistingClient>();
  for (const [id, r] of rows) existing.set(id, existingClientOf(r.existing));
  return { ...managedRowsOf([...rows.values()].map((r) => r.managed)), existing, lastRow: last?.lastRow ?? 1, queueRows };
}

/**
 * The whole portal's queue inputs, awaited only once the touched clients are planned (planTouchedRows): on
 * PostgreSQL the database reads them (12-15 ms a bulk request at 5,000 clients) while this process applies the
 * changes and plans the touched rows (8-10 ms), instead of one waiting for the other. A write refused before then
 * never awaits them: their failure is then nobody's to report.
 */
function queueRowsLater(read: Promise<readonly QueueInputRow[]>): Promise<readonly QueueInputRow[]> {
  read.catch(() => {});
  return read;
}

interface PlanSettings {
  workloadSettings: unknown;
  dateOrder: DateOrder;
  timeZone: string;
  now: number;
}

/** The sync's plan of these rows as a sheet in the managed columns, against the stored clients `existing`. */
function planManagedSheet(rows: readonly ManagedRow[], existing: Map<string, ExistingClient>, settings: PlanSettings, estimate: EstimateContext) {
  return planImport({
    sheet: { headers: [...MANAGED_HEADERS], rows: managedSheetRows(rows), firstRow: 2, filledRows: rows.length, warnings: [] },
    mapping: MANAGED_MAPPING,
    dateOrder: settings.dateOrder,
    existing,
    estimate,
  });
}

const estimateFor = (settings: PlanSettings) => createEstimateContext(readWorkloadSettings(settings.workloadSettings), settings.timeZone, settings.now);

/** The sync's plan of the portal's rows as given: what a sync of a sheet holding exactly these rows would change. */
export async function planManagedRows(db: Db | Tx, portalId: string, rows: readonly ManagedRow[], settings: PlanSettings) {
  const existing = await loadExistingClients(db, portalId);
  return { plan: await planManagedSheet(rows, existing, settings, estimateFor(settings)), existing };
}

/**
 * The sync's plan of the touched rows (`rows`: the clients read by readTouchedRows, as the changes leave them;
 * `existing`: the same clients as stored), with the queue of the whole portal (`queueRowsRead`: its current clients'
 * queue inputs, as readTouchedRows reads them): the figures of the clients written, and a queue write for every other
 * current client whose place or estimate moves. `stored` holds every client as it was, for the events.
 */
export async function planTouchedRows(
  rows: readonly ManagedRow[],
  existing: Map<string, ExistingClient>,
  queueRowsRead: Promise<readonly QueueInputRow[]>,
  settings: PlanSettings,
): Promise<{ plan: ImportPlan; stored: Map<string, ClientState> }> {
  const estimate = estimateFor(settings);
  const plan = await planManagedSheet(rows, existing, settings, estimate);
  const queueRows = await queueRowsRead;
  queueWholePortal(plan, existing, queueRows, estimate);
  const stored = new Map<string, ClientState>(existing);
  for (const r of queueRows) if (!stored.has(r.clientId)) stored.set(r.clientId, { status: r.status, queuePosition: r.queuePosition, estimatedCompletion: r.estimatedCompletion, removed: false });
  return { plan, stored };
}

/**
 * Replaces the queue figures of a plan made over some clients by those of the whole portal: every current client
 * the plan leaves alone (`queueRows`, as stored) beside the ones it writes.
 */
function queueWholePortal(plan: ImportPlan, existing: ReadonlyMap<string, ExistingClient>, queueRows: readonly QueueInputRow[], estimate: EstimateContext): void {
  const writes = [...plan.inserts, ...plan.updates];
  const written = new Set(writes.map((w) => w.client_id));
  const removed = new Set(plan.removals);
  const others = queueRows.filter((r) => !written.has(r.clientId) && !removed.has(r.clientId));
  const items = [
    ...others,
    ...writes.map((w) => ({ status: w.status, priority: w.priority, dueDate: w.due_date, row: w.row, manualPosition: existing.get(w.client_id)?.manualPosition ?? null })),
  ];
  // Rows are unique and break every tie, so the order the clients are listed in does not matter.
  const queue = computeQueue(items, estimate);
  plan.queueUpdates = [];
  others.forEach((r, i) => {
    const change = queueChange(r.clientId, r, r.row, queue[i]!);
    if (change) plan.queueUpdates.push(change);
  });
  writes.forEach((w, j) => {
    const f = figuresOf(queue[others.length + j]!);
    Object.assign(w, { queue_state: f.queueState, queue_position: f.queuePosition, estimated_working_days: f.estimatedWorkingDays, estimated_completion: f.estimatedCompletion });
  });
  plan.queueUpdates.sort((a, b) => a.row - b.row);
}

/**
 * The portal's current clients' queue inputs once `plan` (a plan of planTouchedRows) is applied: those it leaves
 * alone (`queueRows`, as stored) with the queue figures it writes for them, then the clients it writes, as written
 * (a manual position is never written: it stays the stored one); none it removes. What readQueueInputs would read
 * after the write (queue-inputs-cache.ts).
 */
export function queueInputsAfter(plan: ImportPlan, existing: ReadonlyMap<string, ExistingClient>, queueRows: readonly QueueInputRow[]): QueueInputRow[] {
  const writes = [...plan.inserts, ...plan.updates];
  const left = new Set([...writes.map((w) => w.client_id), ...plan.removals]);
  const moved = new Map(plan.queueUpdates.map((q) => [q.client_id, q]));
  const rows: QueueInputRow[] = [];
  for (const r of queueRows) {
    if (left.has(r.clientId)) continue;
    const move = moved.get(r.clientId);
    rows.push(move ? { ...r, ...queueColumnsOf(move) } : r);
  }
  for (const w of writes) {
    const manualPosition = existing.get(w.client_id)?.manualPosition ?? null;
    rows.push({ clientId: w.client_id, status: w.status, priority: w.priority, dueDate: w.due_date, manualPosition, ...queueColumnsOf(w) });
  }
  return rows;
}

/** A written row's row number and queue figures, as queue inputs. */
const queueColumnsOf = (w: QueueWrite) => ({
  row: w.row,
  queueState: w.queue_state,
  queuePosition: w.queue_position,
  estimatedWorkingDays: w.estimated_working_days,
  estimatedCompletion: w.estimated_completion,
});
