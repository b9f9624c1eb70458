import { eq } from 'drizzle-orm';
import { lockedBrandingChanges } from '@core/plan-features';
import { defaultPortalConfig, readPortalConfig, type PortalConfigPatch } from '@core/portal-config';
import type { DateOrder } from '@core/sheet-values';
import type { WorkloadSettings } from '@core/workload-settings';
import type { AppContext } from '../../context';
import { portals } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import { businessPlanId } from '../business/plan-access';
import { PlanFeatureError } from '../../errors';
import { readWorkloadSettings } from '../sheet-sync/workload-state';
import { countActiveClients, getPortalRow } from './get-portal';
import { toPortalView, type PortalView } from './portal-view';

export interface PortalChanges {
  name?: string;
  syncIntervalMinutes?: number;
  dateOrder?: DateOrder;
  config?: PortalConfigPatch;
  workloadSettings?: WorkloadSettings;
}

/**
 * Renames a portal or changes its settings. A changed workload setting or date order marks the stored queue
 * estimates stale (queue_computed_for = null); the scheduler recomputes them under the portal's lease. A change to a
 * full-branding field on a plan with basic branding is refused (403 plan_feature); what was saved stays.
 */
export async function updatePortal(
  { db, portalMeta }: Pick<AppContext, 'db' | 'portalMeta'>,
  business: { id: string; plan: string },
  portalId: string,
  changes: PortalChanges,
  actor: { userId: string; ipAddress?: string | null },
): Promise<{ portal: PortalView; queueStale: boolean }> {
  const businessId = business.id;
  const before = await getPortalRow(db, businessId, portalId);
  if (changes.config !== undefined && lockedBrandingChanges(businessPlanId(business), readPortalConfig(before.config), changes.config, defaultPortalConfig()).length > 0) {
    throw new PlanFeatureError('customBranding');
  }
  const set: Partial<typeof portals.$inferInsert> = { updatedAt: new Date() };
  if (changes.name !== undefined) set.name = changes.name.trim();
  if (changes.syncIntervalMinutes !== undefined) {
    set.syncIntervalMinutes = changes.syncIntervalMinutes;
    if (before.sourceType === 'google_sheet') {
      const base = before.lastAttemptAt ?? new Date();
      set.nextSyncAt = new Date(Math.max(Date.now(), base.getTime() + changes.syncIntervalMinutes * 60_000));
    }
  }
  if (changes.dateOrder !== undefined) set.dateOrder = changes.dateOrder;
  if (changes.config !== undefined) set.config = { ...readPortalConfig(before.config), ...changes.config };
  let queueStale = false;
  if (changes.workloadSettings !== undefined) {
    const current = readWorkloadSettings(before.workloadSettings);
    if (JSON.stringify(current) !== JSON.stringify(changes.workloadSettings)) {
      set.workloadSettings = changes.workloadSettings;
      set.queueComputedFor = null;
      queueStale = true;
    }
  }
  const [row] = await db.transaction(async (tx) => {
    const updated = await tx.update(portals).set(set).where(eq(portals.id, before.id)).returning();
    await recordActivity(tx, {
      type: 'portal.updated',
      actorUserId: actor.userId,
      businessId,
      ipAddress: actor.ipAddress ?? null,
      detail: { portalId, fields: Object.keys(changes), ...(changes.name !== undefined ? { from: before.name, to: set.name } : {}) },
    });
    return updated;
  });
  portalMeta.portalChanged(portalId);
  return { portal: toPortalView(row!, await countActiveClients(db, portalId)), queueStale };
}
