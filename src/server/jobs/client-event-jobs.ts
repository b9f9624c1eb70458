import type { FastifyInstance } from 'fastify';
import { purgeClientEvents } from '../services/client-events/purge-client-events';

const PURGE_JOB = 'client_events.purge';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily `client_events.purge` job (decision 0011): events older than 90 days go. One job a day across instances
 * (its dedupe key is the day); each run enqueues the next.
 */
export function registerClientEventJobs(app: FastifyInstance, options: { schedulePurge: boolean }): void {
  const { ctx } = app;
  const enqueuePurge = (atMs: number) => {
    const day = new Date(atMs).toISOString().slice(0, 10);
    return ctx.jobs.enqueue(ctx.db, [{ kind: PURGE_JOB, dedupeKey: `${PURGE_JOB}:${day}`, runAt: new Date(atMs) }]);
  };
  ctx.jobs.register({
    kind: PURGE_JOB,
    async run() {
      const purged = await purgeClientEvents(ctx.db, ctx.clock.now());
      if (purged > 0) ctx.logger.info({ purged }, 'purged client events past 90 days');
      await enqueuePurge(ctx.clock.nowMs() + DAY_MS);
    },
  });
  if (options.schedulePurge) app.addHook('onReady', async () => void (await enqueuePurge(ctx.clock.nowMs())));
}
