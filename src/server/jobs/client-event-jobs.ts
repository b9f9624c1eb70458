import type { FastifyInstance } from 'fastify';
import { purgeClientEvents } from '../services/client-events/purge-client-events';
import { registerDailyJob } from './daily-job';

const PURGE_JOB = 'client_events.purge';

/**
 * The daily `client_events.purge` job (decision 0011): events older than 90 days go. One job a day across instances
 * (its dedupe key is the day); each run enqueues the next.
 */
export function registerClientEventJobs(app: FastifyInstance, options: { schedulePurge: boolean }): void {
  const { ctx } = app;
  registerDailyJob(
    app,
    PURGE_JOB,
    async () => {
      const purged = await purgeClientEvents(ctx.db, ctx.clock.now());
      if (purged > 0) ctx.logger.info({ purged }, 'purged client events past 90 days');
    },
    options.schedulePurge,
  );
}
