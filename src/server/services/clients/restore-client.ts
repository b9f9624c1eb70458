import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { clientChangeEvents, type ClientState } from '@core/sync/client-changes';
import { clients } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { estimateEventSource } from '../estimates/estimate-events';
import { clientNotFoundMessage } from '../client-access/business-client';
import { getPortalRow } from '../portals/get-portal';
import { RESTORED_MARK } from '../sheet-sync/plan-import';
import { changeQueue, type RecomputeContext } from '../sheet-sync/recompute-queue';
import { SyncInProgressError } from '../sheet-sync/sync-errors';
import { failStaleRunsOf } from '../sheet-sync/run-recovery';
import { acquireSyncLease, releaseSyncLease } from '../sheet-sync/sync-lease';
import { writtenClientView, type ClientView } from './list-clients';

export const notRemovedMessage = 'This client is not removed, so there is nothing to restore.';

/** What the business is told after a restore (decision 0022: a restore is kept until the source next changes). */
export function restoredNote(sourceType: string): string {
  return sourceType === 'google_sheet'
    ? 'Restored. This client is still missing from the Google Sheet: it stays while the sheet is unchanged, and the next sync that brings changes from the sheet removes it again. Add its row back to the sheet to keep it.'
    : 'Restored. This client was not in the last uploaded file: it stays until a different file is uploaded without it. Add its row to your file to keep it.';
}

interface Actor {
  userId: string;
  ipAddress?: string | null;
  timeZone: string;
}

/**
 * Brings back a client a sync marked removed (decision 0022), with its history and manual position. Business-scoped:
 * another business's portal or client is not found. Runs under the portal's sync lease (409 while a sync runs), so a
 * sync never plans over a half-restored portal, and recomputes the queue with the client in it.
 *
 * The client's content hash is marked (`restored:` + the old hash): a later sync whose source still lacks the client
 * keeps it only when nothing else came from the source (the sheet is unchanged); once the sheet changes, the sheet is
 * the truth again and the client is removed as before, unless its row is back.
 */
export async function restoreClient(
  ctx: RecomputeContext,
  businessId: string,
  portalId: string,
  clientId: string,
  actor: Actor,
): Promise<{ client: ClientView; message: string }> {
  const { db } = ctx;
  const portal = await getPortalRow(db, businessId, portalId);
  const [target] = await db
    .select({ removedAt: clients.removedAt })
    .from(clients)
    .where(and(eq(clients.portalId, portal.id), eq(clients.clientId, clientId)));
  if (!target) throw new NotFoundError(clientNotFoundMessage);
  if (!target.removedAt) throw new ConflictError(notRemovedMessage, 'not_removed');

  const eventActor = { kind: 'user', userId: actor.userId } as const;
  const token = await acquireSyncLease(db, portal.id);
  if (!token) throw new SyncInProgressError();
  try {
    // A sync of the portal left unfinished is finished (or undone) first: the restore acts on whole data.
    await failStaleRunsOf(db, portal.id, token, undefined, ctx.clientEvents);
    // The queue with the client back in it, in the restore's transaction; the portal's source fingerprint stays: a
    // sync of the same source now gives exactly this data (the restored client is kept while nothing else changes).
    await changeQueue(ctx, portal.id, actor.timeZone, eventActor, async (tx) => {
      const rows = await tx
        .update(clients)
        .set({
          removedAt: null,
          updatedAt: new Date(),
          contentHash: sql`${RESTORED_MARK} || regexp_replace(${clients.contentHash}, ${`^${RESTORED_MARK}`}, '')`,
        })
        .where(and(eq(clients.portalId, portal.id), eq(clients.clientId, clientId), isNotNull(clients.removedAt)))
        .returning({ status: clients.status, queuePosition: clients.queuePosition, estimatedCompletion: clients.estimatedCompletion });
      const back = rows[0];
      if (!back) throw new ConflictError(notRemovedMessage, 'not_removed');
      // Its event (client.restored, by the user), with the restore; its place in the queue is no move (as in a sync
      // that restores it): the recompute knows it as removed.
      const removed: ClientState = { ...back, removed: true };
      const events = clientChangeEvents(portal.id, clientId, removed, { ...back, removed: false }, eventActor, await estimateEventSource(tx, portal.id));
      await ctx.clientEvents.record(tx, events, ctx.clock.now());
      await recordActivity(tx, {
        type: 'client.restored',
        actorUserId: actor.userId,
        ipAddress: actor.ipAddress ?? null,
        businessId,
        detail: { portalId: portal.id, clientId },
      });
      return new Map([[clientId, removed]]);
    });
  } finally {
    await releaseSyncLease(db, portal.id, token).catch(() => {});
  }
  return { client: await writtenClientView(db, portal.id, clientId), message: restoredNote(portal.sourceType) };
}
