import type { FastifyInstance } from 'fastify';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A job that runs once a day across instances: its dedupe key is the day, and each run enqueues the next. With
 * `schedule`, the first run is enqueued when the app is ready, due `firstRunAfterMs` later (default at once).
 */
export function registerDailyJob(app: FastifyInstance, kind: string, run: () => Promise<void>, schedule: boolean, firstRunAfterMs = 0): void {
  const { ctx } = app;
  const enqueue = (atMs: number) => {
    const day = new Date(atMs).toISOString().slice(0, 10);
    return ctx.jobs.enqueue(ctx.db, [{ kind, dedupeKey: `${kind}:${day}`, runAt: new Date(atMs) }]);
  };
  ctx.jobs.register({
    kind,
    async run() {
      await run();
      await enqueue(ctx.clock.nowMs() + DAY_MS);
    },
  });
  if (schedule) app.addHook('onReady', async () => void (await enqueue(ctx.clock.nowMs() + firstRunAfterMs)));
}
