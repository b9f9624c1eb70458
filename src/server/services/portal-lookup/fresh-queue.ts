import type { AppContext } from '../../context';
import { queueRefreshActor, recomputeQueue, type RecomputeContext } from '../sheet-sync/recompute-queue';

const running = new Map<string, Promise<void>>();

/**
 * Recomputes the portal's stored positions and estimates when they were computed for an earlier day (or marked
 * stale by a settings change). Runs once per portal however many lookups ask at the same moment (and, across
 * instances, under the portal's sync lease); a lookup that finds a sync holding the lease goes on with the stored
 * figures.
 */
export function refreshQueue(ctx: RecomputeContext & Pick<AppContext, 'logger'>, portalId: string, timeZone: string): Promise<void> {
  let job = running.get(portalId);
  if (!job) {
    job = recomputeQueue(ctx, portalId, timeZone, { actor: queueRefreshActor })
      .then(() => undefined)
      .catch((err: unknown) => ctx.logger.error({ err, portalId }, 'could not recompute the queue for a lookup'))
      .finally(() => running.delete(portalId));
    running.set(portalId, job);
  }
  return job;
}
