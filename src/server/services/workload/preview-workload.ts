import { and, eq, isNull } from 'drizzle-orm';
import { computeQueue, createEstimateContext } from '@core/estimate';
import { computeWorkload, type WorkloadFigures } from '@core/workload';
import type { WorkloadSettings } from '@core/workload-settings';
import type { Db } from '../../db/client';
import { clients } from '../../db/schema';
import { getPortalRow } from '../portals/get-portal';
import { readWorkloadSettings } from '../sheet-sync/workload-state';

/** Clients listed in the preview of changed estimates. */
export const PREVIEW_CLIENTS = 10;

export interface WorkloadPreview {
  hasSource: boolean;
  settings: WorkloadSettings;
  current: WorkloadFigures;
  proposed: WorkloadFigures;
  /** The first clients of the queue with their estimate now and under the proposed settings. */
  queue: { clientId: string; name: string; position: number; currentEstimate: string; proposedEstimate: string }[];
  /** Queued clients whose estimate would change. */
  changedEstimates: number;
}

/**
 * The portal's workload figures (spec 9) under its saved settings and under `proposed` (the form's values before
 * saving), with how the queue's estimates would move. Nothing is written; saving goes through the portal's PATCH,
 * which recomputes the stored queue.
 */
export async function previewWorkload(db: Db, businessId: string, timeZone: string, portalId: string, proposed?: WorkloadSettings): Promise<WorkloadPreview> {
  const portal = await getPortalRow(db, businessId, portalId);
  const saved = readWorkloadSettings(portal.workloadSettings);
  const next = proposed ?? saved;
  const rows = await db
    .select({
      clientId: clients.clientId,
      name: clients.name,
      row: clients.row,
      status: clients.status,
      priority: clients.priority,
      dueDate: clients.dueDate,
      manualPosition: clients.manualPosition,
    })
    .from(clients)
    .where(and(eq(clients.portalId, portal.id), isNull(clients.removedAt)));
  const now = Date.now();
  const currentContext = createEstimateContext(saved, timeZone, now);
  const nextContext = createEstimateContext(next, timeZone, now);
  const before = computeQueue(rows, currentContext);
  const after = computeQueue(rows, nextContext);
  const queue: WorkloadPreview['queue'] = [];
  let changedEstimates = 0;
  rows.forEach((r, i) => {
    const a = before[i]!;
    const b = after[i]!;
    if (a.state !== 'queued' || b.state !== 'queued') return;
    if (a.estimatedCompletion !== b.estimatedCompletion) changedEstimates += 1;
    if (a.position <= PREVIEW_CLIENTS) {
      queue.push({ clientId: r.clientId, name: r.name, position: a.position, currentEstimate: a.estimatedCompletion, proposedEstimate: b.estimatedCompletion });
    }
  });
  queue.sort((x, y) => x.position - y.position);
  return {
    hasSource: portal.sourceType !== 'none',
    settings: saved,
    current: computeWorkload(rows, saved, currentContext.today, currentContext.calendar),
    proposed: computeWorkload(rows, next, nextContext.today, nextContext.calendar),
    queue,
    changedEstimates,
  };
}
