import { and, eq, isNull } from 'drizzle-orm';
import type { ClientEventActor } from '@core/client-events';
import { todayInTimeZone } from '@core/dates';
import { mappingConfidence } from '@core/columns';
import { MANAGED_HEADERS, MANAGED_MAPPING } from '@core/managed-clients';
import type { DateOrder } from '@core/sheet-values';
import type { Tx } from '../../db/client';
import { isOneOf } from '../../db/one-of';
import { clients, portals } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import { requirePlanFeature } from '../business/plan-access';
import { getPortalRow } from '../portals/get-portal';
import { applyImportPlan } from '../sheet-sync/apply-import';
import { failStaleRunsOf } from '../sheet-sync/run-recovery';
import { queueCurrentFor } from '../sheet-sync/workload-state';
import { writeEvents } from '../sheet-sync/sync-events';
import { SyncInProgressError } from '../sheet-sync/sync-errors';
import { acquireSyncLease, releaseSyncLease, renewSyncLease } from '../sheet-sync/sync-lease';
import { forgetUploads } from '../sheet-sync/uploaded-files';
import { planManagedRows, readManagedRows } from './managed-plan';
import type { ManagedDeps } from './write-managed-clients';

/**
 * A client keyed by its e-mail gets its key as its ID cell, unless another client's ID cell is that text. Decided here
 * from one read of the portal's keys and ID cells, not by an anti-join in the update: planned from statistics taken
 * before a large write, such a join compared every client with every other (the refresh's did: decision 0017).
 */
async function keysBecomeIdCells(tx: Tx, portalId: string): Promise<void> {
  const stored = await tx.select({ clientId: clients.clientId, sourceId: clients.sourceId }).from(clients).where(eq(clients.portalId, portalId));
  const idCells = new Set(stored.map((c) => c.sourceId));
  const keyed = stored.filter((c) => c.sourceId === null && !idCells.has(c.clientId)).map((c) => c.clientId);
  if (keyed.length === 0) return;
  await tx
    .update(clients)
    .set({ sourceId: clients.clientId })
    .where(and(eq(clients.portalId, portalId), isNull(clients.sourceId), isOneOf(clients.clientId, keyed)));
}

/**
 * Makes StatusLink the source of a portal's clients (issue 22 item 2), keeping them all: each keeps its key, and the
 * Client ID cell it was last written with (one keyed by its e-mail takes its key as its ID, so a later change of its
 * e-mail keeps it the same client). Its cells are rewritten in the managed columns (no events: nothing a client sees
 * changes, unless the queue's day moved since the last sync). The sheet's address is kept but no longer synced; a
 * held upload no longer applies. Back to a sheet or a file: connect the sheet (PUT .../source) or upload a file, as
 * for any portal. Returns false when the portal was managed already. 403 `plan_feature` on a plan without the managed
 * source (Business and above).
 */
export async function switchToManaged(
  deps: ManagedDeps,
  input: { businessId: string; plan: string; portalId: string; timeZone: string; actor: ClientEventActor; userId: string; ipAddress?: string | null },
): Promise<boolean> {
  const { db } = deps;
  const portal = await getPortalRow(db, input.businessId, input.portalId);
  if (portal.sourceType === 'managed') return false;
  requirePlanFeature({ plan: input.plan }, 'managedClients');
  const token = await acquireSyncLease(db, portal.id);
  if (!token) throw new SyncInProgressError();
  try {
    await failStaleRunsOf(db, portal.id, token, undefined, deps.clientEvents);
    await db.transaction(async (tx) => {
      if (!(await renewSyncLease(tx, portal.id, token))) throw new SyncInProgressError();
      await keysBecomeIdCells(tx, portal.id);
      const { active } = await readManagedRows(tx, portal.id);
      const rows = [...active.values()].sort((a, b) => a.row - b.row);
      const settings = { workloadSettings: portal.workloadSettings, dateOrder: portal.dateOrder as DateOrder, timeZone: input.timeZone, now: deps.clock.now().getTime() };
      const { plan, existing } = await planManagedRows(tx, portal.id, rows, settings);
      await applyImportPlan(tx, portal.id, null, plan);
      await writeEvents(deps.clientEvents, portal.id, existing, input.actor, deps.clock).committed(tx, plan);
      await forgetUploads(tx, portal.id);
      await tx
        .update(portals)
        .set({
          sourceType: 'managed',
          columnMapping: MANAGED_MAPPING as Record<string, number>,
          detectedHeaders: [...MANAGED_HEADERS],
          confidence: mappingConfidence(MANAGED_MAPPING),
          nextSyncAt: null,
          lastError: null,
          lastErrorAt: null,
          sourceFingerprint: null,
          queueComputedFor: queueCurrentFor(portal.workloadSettings, todayInTimeZone(input.timeZone, Date.now())),
          updatedAt: new Date(),
        })
        .where(eq(portals.id, portal.id));
      await recordActivity(tx, {
        type: 'portal.source_changed',
        actorUserId: input.userId,
        ipAddress: input.ipAddress ?? null,
        businessId: input.businessId,
        detail: { portalId: portal.id, from: portal.sourceType, to: 'managed' },
      });
    });
    deps.portalMeta.portalChanged(portal.id);
    return true;
  } finally {
    await releaseSyncLease(db, portal.id, token).catch(() => {});
  }
}
