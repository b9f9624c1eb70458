import { eq } from 'drizzle-orm';
import type { ClientEventActor } from '@core/client-events';
import { applyManagedChanges, type ManagedChange, type ManagedRow } from '@core/managed-clients';
import { todayInTimeZone } from '@core/dates';
import type { DateOrder } from '@core/sheet-values';
import type { AppContext } from '../../context';
import { portals } from '../../db/schema';
import { AppError, ConflictError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { requirePlanFeature } from '../business/plan-access';
import { getPortalRow } from '../portals/get-portal';
import { applyImportPlan } from '../sheet-sync/apply-import';
import { copyChannelIfStreaming } from '../sheet-sync/copy-rows';
import { planTouchedRows, queueInputsAfter, readTouchedRows } from './managed-plan';
import { failStaleRunsOf } from '../sheet-sync/run-recovery';
import type { ImportPlan } from '../sheet-sync/plan-import';
import type { SyncDeps } from '../sheet-sync/run-sync';
import { queueCurrentFor } from '../sheet-sync/workload-state';
import { writeEvents } from '../sheet-sync/sync-events';
import { SyncInProgressError } from '../sheet-sync/sync-errors';
import { releaseSyncLease, renewSyncLease, takeSyncLease } from '../sheet-sync/sync-lease';

// Writes to a portal whose clients are kept in StatusLink (issue 22 item 2, decision 0018): the app's Client
// Management and the API's client routes. Each write reads the portal's clients as a sheet with fixed columns, applies
// the changes (core's applyManagedChanges), and plans and applies it exactly as a sync does (identity D9, queue D4,
// removals restorable, events in the same transaction), under the portal's sync lease, in one transaction.

export type ManagedDeps = Pick<SyncDeps, 'db' | 'clientEvents' | 'clock'> & Pick<AppContext, 'portalMeta' | 'database' | 'syncCapabilities' | 'queueInputs'>;

export interface ManagedWriteInput {
  businessId: string;
  /** The business's plan: the managed source is part of the Business plan and above (issue 22). */
  plan: string;
  portalId: string;
  timeZone: string;
  changes: readonly ManagedChange[];
  actor: ClientEventActor;
  /** The signed-in user behind the write (the key's owner for an API key), for the activity log. */
  userId: string;
  ipAddress?: string | null;
}

export interface ManagedWriteResult {
  written: string[];
  created: string[];
  deleted: string[];
}

/** Why a portal's clients cannot be written here: the source named is their truth. */
export function sourceRefusal(sourceType: string): AppError | null {
  if (sourceType === 'managed') return null;
  const reason =
    sourceType === 'google_sheet'
      ? "This portal's clients come from its Google Sheet: change them in the sheet (the next sync brings them in), or switch the portal to Managed in StatusLink (PUT .../source)."
      : sourceType === 'csv_upload'
        ? "This portal's clients come from its uploaded file: upload a new file, or switch the portal to Managed in StatusLink (PUT .../source)."
        : 'This portal has no clients yet: switch it to Managed in StatusLink (PUT .../source) to add them here, or connect a sheet or upload a file.';
  return new ConflictError(reason, 'source_not_managed');
}

/** A plan that does not do what the changes asked (a row skipped, a client matched to another): refused with why. */
function checkPlan(plan: ImportPlan, rows: readonly ManagedRow[], result: ManagedWriteResult): void {
  if (plan.duplicateIdError) throw new ConflictError(plan.duplicateIdError, 'client_id_taken');
  const [skipped] = plan.skippedRows;
  if (plan.counts.skipped > 0) {
    const who = rows.find((r) => r.row === skipped?.row);
    throw new AppError(422, 'invalid_client', `Client "${who?.clientId ?? '?'}": ${skipped?.reason ?? 'refused'}`);
  }
  const removals = new Set(plan.removals);
  const inserts = new Set(plan.inserts.map((c) => c.client_id));
  const same = (a: Set<string>, b: string[]) => a.size === b.length && b.every((x) => a.has(x));
  if (!same(removals, result.deleted) || !same(inserts, result.created)) {
    throw new ConflictError('These changes would change other clients than the ones named (a client matched by its e-mail address); nothing was changed.', 'client_conflict');
  }
}

/**
 * Applies `changes` to a managed portal's clients, all or nothing. 409 `source_not_managed` for a sheet or upload
 * portal, 409 `sync_in_progress` while another write or sync of the portal runs, 404/409/422 for a change refused,
 * 403 `plan_feature` on a plan without it (a downgraded business keeps its clients as they are, shown on the portal,
 * and may connect a sheet or upload a file again).
 */
export async function writeManagedClients(deps: ManagedDeps, input: ManagedWriteInput): Promise<ManagedWriteResult> {
  const { db } = deps;
  requirePlanFeature({ plan: input.plan }, 'managedClients');
  const portal = await getPortalRow(db, input.businessId, input.portalId);
  const notManaged = sourceRefusal(portal.sourceType);
  if (notManaged) throw notManaged;
  const lease = await takeSyncLease(db, portal.id);
  if (!lease) throw new SyncInProgressError();
  const { token } = lease;
  try {
    // A run left open and now finished or undone has written the clients: what this instance remembers is stale.
    if ((await failStaleRunsOf(db, portal.id, token, undefined, deps.clientEvents)) > 0) deps.queueInputs.forget(portal.id);
    const touched = await readTouchedRows(db, portal.id, input.changes, deps.queueInputs.read(db, portal.id, lease));
    const applied = applyManagedChanges({ ...touched, changes: input.changes });
    if ('refusal' in applied) throw new AppError(applied.refusal.status, applied.refusal.code, applied.refusal.message);
    const settings = { workloadSettings: portal.workloadSettings, dateOrder: portal.dateOrder as DateOrder, timeZone: input.timeZone, now: deps.clock.now().getTime() };
    const { plan, stored } = await planTouchedRows(applied.rows, touched.existing, touched.queueRows, settings);
    const result = { written: applied.written, created: applied.created, deleted: applied.deleted };
    checkPlan(plan, applied.rows, result);
    const today = todayInTimeZone(input.timeZone, deps.clock.now().getTime());
    // The clients' rows and their events go the way a sync's go on this database (decision 0022): COPY on PostgreSQL.
    // The events by COPY, their ids taken first: a bulk request's 4,000 events no longer go as one jsonb parameter,
    // which PostgreSQL parses before running the statement (bind time: outside its statement statistics); with the
    // sequence looked up once (client-event-log.ts), the API bench's ten requests took 5-8 % less time (bench/notes.md).
    await db.transaction(async (tx) => {
      if (!(await renewSyncLease(tx, portal.id, token))) throw new SyncInProgressError();
      const copy = copyChannelIfStreaming(deps.syncCapabilities, tx, deps.database.kind);
      await writeEvents(deps.clientEvents, portal.id, stored, input.actor, deps.clock).committedWith(tx, plan, () => applyImportPlan(tx, portal.id, null, plan, undefined, copy), copy);
      await tx.update(portals).set({ queueComputedFor: queueCurrentFor(portal.workloadSettings, today), updatedAt: new Date() }).where(eq(portals.id, portal.id));
      await recordActivity(tx, {
        type: 'clients.written',
        actorUserId: input.userId,
        ipAddress: input.ipAddress ?? null,
        businessId: input.businessId,
        detail: { portalId: portal.id, added: plan.counts.imported, updated: plan.counts.updated, restored: plan.counts.restored, removed: plan.counts.removed },
      });
    });
    deps.queueInputs.remember(portal.id, lease, queueInputsAfter(plan, touched.existing, await touched.queueRows));
    deps.portalMeta.portalChanged(portal.id);
    return result;
  } finally {
    await releaseSyncLease(db, portal.id, token).catch(() => {});
  }
}
