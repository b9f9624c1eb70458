import { and, eq } from 'drizzle-orm';
import type { EstimateBasis } from '@core/estimates/ranges';
import { estimateSettingsKey } from '@core/estimates/shown';
import type { WorkloadSettings } from '@core/workload-settings';
import type { Db } from '../../db/client';
import { clientEstimates } from '../../db/schema';

/**
 * Records what a client's card showed (the estimate's most likely date, its position and basis, the portal's
 * holidays and settings then): the next computation says why the date moved later since, if it did by more than a
 * working day. Written only when the date the client sees differs from the one recorded.
 */
export async function markEstimateSeen(
  db: Db,
  client: { portalId: string; clientId: string; likely: string; position: number; basis: EstimateBasis },
  workload: WorkloadSettings,
  now: Date,
): Promise<void> {
  await db
    .update(clientEstimates)
    .set({ seenLikely: client.likely, seenPosition: client.position, seenBasis: client.basis, seenHolidays: workload.holidays, seenSettingsKey: estimateSettingsKey(workload), seenAt: now })
    .where(and(eq(clientEstimates.portalId, client.portalId), eq(clientEstimates.clientId, client.clientId), eq(clientEstimates.likely, client.likely)));
}
