import { and, count, eq, isNull } from 'drizzle-orm';
import type { PortalDetail } from '@core/api/portals';
import { messages } from '@core/messages';
import type { Db } from '../../db/client';
import { clients, portals } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { listSyncRuns } from '../sheet-sync/list-sync-runs';
import { uploadedFilesOf } from '../sheet-sync/uploaded-files';
import { toPortalView, type PortalRow } from './portal-view';

/** The portal if it belongs to the business; another business's portal id is not found (404). */
export async function getPortalRow(db: Db, businessId: string, portalId: string): Promise<PortalRow> {
  const [row] = await db
    .select()
    .from(portals)
    .where(and(eq(portals.id, portalId), eq(portals.businessId, businessId)));
  if (!row) throw new NotFoundError(messages.portals.notFound);
  return row;
}

/** Clients shown by the portal (not removed). */
export async function countActiveClients(db: Db, portalId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(clients)
    .where(and(eq(clients.portalId, portalId), isNull(clients.removedAt)));
  return row?.n ?? 0;
}

/** One portal with its source, sync state, configuration, client count, its latest sync run and its kept uploads. */
export async function getPortal(db: Db, businessId: string, portalId: string): Promise<PortalDetail> {
  const row = await getPortalRow(db, businessId, portalId);
  const [clientCount, runs, uploads] = await Promise.all([countActiveClients(db, portalId), listSyncRuns(db, portalId, 1), uploadedFilesOf(db, portalId)]);
  return { ...toPortalView(row, clientCount), lastRun: runs[0] ?? null, uploads };
}
