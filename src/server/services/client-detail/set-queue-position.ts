import { messages } from '@core/messages';
import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { clients, portals } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { clientNotFoundMessage } from '../client-access/business-client';
import { getPortalRow } from '../portals/get-portal';
import { changeQueue, type RecomputeContext } from '../sheet-sync/recompute-queue';
import { failStaleRunsOf } from '../sheet-sync/run-recovery';
import { acquireSyncLeaseWaiting, releaseSyncLease } from '../sheet-sync/sync-lease';

/** A client's manual position override as it was before a change (to undo it). */
export interface ManualPositionValue {
  clientId: string;
  manualPosition: number | null;
}

interface Actor {
  businessId: string;
  userId: string;
  ipAddress?: string | null;
  timeZone: string;
}

/**
 * Puts a queued client at `position` (1 = next) of its portal's queue (D4: the manual override orders first).
 * Because any override sorts before every client without one, the clients that stay ahead are pinned too: the
 * queue order up to the last pinned client is written as overrides 1..k, so the client lands exactly at
 * `position` and everyone else keeps their order. `position: null` clears the client's own override.
 * Returns the overrides as they were, for undo. The queue is then recomputed (the one recompute function).
 */
export async function setQueuePosition(
  ctx: RecomputeContext,
  businessId: string,
  portalId: string,
  clientId: string,
  position: number | null,
  actor: Actor,
): Promise<{ previous: ManualPositionValue[] }> {
  const { db } = ctx;
  const portal = await getPortalRow(db, businessId, portalId);
  const [target] = await db
    .select({ clientId: clients.clientId, queueState: clients.queueState, manualPosition: clients.manualPosition, removedAt: clients.removedAt })
    .from(clients)
    .where(and(eq(clients.portalId, portal.id), eq(clients.clientId, clientId)));
  if (!target || target.removedAt) throw new NotFoundError(clientNotFoundMessage);

  let next: ManualPositionValue[];
  if (position === null) {
    next = [{ clientId, manualPosition: null }];
  } else {
    if (target.queueState !== 'queued') throw new ConflictError('Only a client in the queue has a position.', 'not_queued');
    // The queue in its current order, up to what the change touches: the new place, and every pinned client.
    const pinned = await db
      .select({ n: sql<number>`coalesce(max(${clients.queuePosition}), 0)` })
      .from(clients)
      .where(and(eq(clients.portalId, portal.id), eq(clients.queueState, 'queued'), isNotNull(clients.manualPosition)));
    const reach = Math.max(position, Number(pinned[0]?.n ?? 0));
    const order = await db
      .select({ clientId: clients.clientId })
      .from(clients)
      .where(
        and(
          eq(clients.portalId, portal.id),
          eq(clients.queueState, 'queued'),
          or(sql`${clients.queuePosition} <= ${reach}`, eq(clients.clientId, clientId)),
        ),
      )
      .orderBy(asc(clients.queuePosition));
    const queueLength = await db.$count(clients, and(eq(clients.portalId, portal.id), eq(clients.queueState, 'queued')));
    if (position > queueLength) throw new ValidationError(`The position must be between 1 and ${queueLength}.`);
    const ids = order.map((o) => o.clientId).filter((id) => id !== clientId);
    ids.splice(position - 1, 0, clientId);
    next = ids.map((id, i) => ({ clientId: id, manualPosition: i + 1 }));
  }
  return { previous: await writeManualPositions(ctx, portal.id, next, actor, { clientId, position }) };
}

/**
 * Puts the whole queue back in automatic order (priority, status, due date): every manual position of the portal
 * is cleared. Moving one client pins those ahead of it, so clearing one client's position alone leaves it behind
 * them; this is the way back. Returns the overrides as they were, for undo.
 */
export async function clearManualPositions(ctx: RecomputeContext, businessId: string, portalId: string, actor: Actor): Promise<{ previous: ManualPositionValue[] }> {
  const portal = await getPortalRow(ctx.db, businessId, portalId);
  const pinned = await ctx.db
    .select({ clientId: clients.clientId })
    .from(clients)
    .where(and(eq(clients.portalId, portal.id), isNotNull(clients.manualPosition), isNull(clients.removedAt)));
  const next = pinned.map((p) => ({ clientId: p.clientId, manualPosition: null }));
  return { previous: await writeManualPositions(ctx, portal.id, next, actor, { clientId: null, position: null }) };
}

/** Restores overrides returned by setQueuePosition (undo); only clients of this portal are touched. */
export async function restoreManualPositions(ctx: RecomputeContext, businessId: string, portalId: string, values: ManualPositionValue[], actor: Actor) {
  const portal = await getPortalRow(ctx.db, businessId, portalId);
  return { previous: await writeManualPositions(ctx, portal.id, values, actor, { clientId: null, position: null }) };
}

async function writeManualPositions(
  ctx: RecomputeContext,
  portalId: string,
  values: ManualPositionValue[],
  actor: Actor,
  detail: { clientId: string | null; position: number | null },
): Promise<ManualPositionValue[]> {
  const { db } = ctx;
  const ids = values.map((v) => v.clientId);
  const before = ids.length
    ? await db
        .select({ clientId: clients.clientId, manualPosition: clients.manualPosition })
        .from(clients)
        .where(and(eq(clients.portalId, portalId), inArray(clients.clientId, ids), isNull(clients.removedAt)))
    : [];
  const known = new Set(before.map((b) => b.clientId));
  const changes = values.filter((v) => known.has(v.clientId));
  const previous = before.filter((b) => changes.some((c) => c.clientId === b.clientId && c.manualPosition !== b.manualPosition));
  // Under the portal's sync lease, like a restore: a sync running now computed its queue without this move and
  // would write its own figures over it. A short holder (the daily queue recalculation) is waited for; a sync
  // still running after that is 409 sync_in_progress.
  const token = await acquireSyncLeaseWaiting(db, portalId, ctx.clock);
  if (!token) throw new ConflictError(messages.sync.queueBusy, 'sync_in_progress');
  try {
    // A sync of the portal left unfinished is finished (or undone) first, or it would write its figures over this.
    await failStaleRunsOf(db, portalId, token, undefined, ctx.clientEvents);
    // The queue recomputed in the same transaction: the clients it moves get their events there (queue_moved;
    // estimate_changed until the portal's estimates are computed, then from the estimates refresh), caused by the user.
    await changeQueue(ctx, portalId, actor.timeZone, { kind: 'user', userId: actor.userId }, async (tx) => {
      for (const c of changes) {
        await tx
          .update(clients)
          .set({ manualPosition: c.manualPosition })
          .where(and(eq(clients.portalId, portalId), eq(clients.clientId, c.clientId)));
      }
      // The queue no longer follows from the source alone: the next sync must not skip as unchanged.
      await tx.update(portals).set({ sourceFingerprint: null }).where(eq(portals.id, portalId));
      await recordActivity(tx, {
        type: 'client.queue_position_changed',
        actorUserId: actor.userId,
        ipAddress: actor.ipAddress ?? null,
        businessId: actor.businessId,
        detail: { portalId, ...detail, changed: previous.length },
      });
    });
  } finally {
    await releaseSyncLease(db, portalId, token).catch(() => {});
  }
  return previous;
}
