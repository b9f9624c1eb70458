import { sql } from 'drizzle-orm';
import { zoneOrUtc } from '@core/validation/auth';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { businessProfiles } from '../db/schema';
import { purgeEstimateSnapshots } from '../services/estimates/purge-snapshots';
import { REFRESH_INTERVAL_MS, REFRESH_JOB, refreshJob } from '../services/estimates/queue-written';
import { refreshPortalEstimates } from '../services/estimates/refresh-estimates';
import { applyUnderWay } from '../services/sheet-sync/run-moves';
import { registerDailyJob } from './daily-job';

// When estimates are computed (issue 20, decision 0017): after each sync or queue recompute (the write enqueues the
// refresh in its own transaction: queueWritten) and at the start of each day in the business's zone (an hourly round
// on the job queue).
// Both go through the durable queue as `estimates.refresh` jobs, so a refresh runs on any instance, once per short
// interval however many writes asked for it. A refresh records its clients' estimate changes with its rows (the
// notifications and webhooks hear them as every writer's events): nothing else follows it here.

export const DAILY_JOB = 'estimates.daily';
/** Once a day across instances: snapshots older than accuracy needs go. */
export const PURGE_SNAPSHOTS_JOB = 'estimates.purge_snapshots';
const HOUR_MS = 60 * 60 * 1000;

/** Registers the job kinds and (with `scheduleDaily`) the hourly round and the daily snapshot purge. */
export function registerEstimateJobs(app: FastifyInstance, options: { scheduleDaily: boolean }): void {
  const { ctx } = app;
  ctx.jobs.register<{ portalId: string }>({
    kind: REFRESH_JOB,
    concurrency: 2,
    async run(job) {
      // A staged apply past its commit point (it asked for this refresh there) is finished first: estimates are
      // computed from whole data.
      if (await applyUnderWay(ctx.db, job.payload.portalId)) return { later: new Date(ctx.clock.nowMs() + REFRESH_INTERVAL_MS) };
      await refreshPortalEstimates(ctx, job.payload.portalId);
    },
  });
  ctx.jobs.register({
    kind: DAILY_JOB,
    async run() {
      await enqueueStalePortals(ctx);
      await enqueueDailyRound(ctx, nextHour(ctx.clock.nowMs()));
    },
  });
  if (options.scheduleDaily) app.addHook('onReady', async () => void (await enqueueDailyRound(ctx, ctx.clock.nowMs())));
  registerDailyJob(
    app,
    PURGE_SNAPSHOTS_JOB,
    async () => {
      const purged = await purgeEstimateSnapshots(ctx.db, ctx.clock.now());
      if (purged > 0) ctx.logger.info({ purged }, 'purged estimate snapshots past their retention');
    },
    options.scheduleDaily,
  );
}

const nextHour = (ms: number) => (Math.floor(ms / HOUR_MS) + 1) * HOUR_MS;

function enqueueDailyRound(ctx: Pick<AppContext, 'jobs' | 'db'>, atMs: number): Promise<number> {
  return ctx.jobs.enqueue(ctx.db, [{ kind: DAILY_JOB, dedupeKey: new Date(atMs).toISOString().slice(0, 13), runAt: new Date(atMs) }]);
}

/**
 * Portals with queued clients whose estimates were computed for another day than today in their business's zone (or
 * never): each gets a refresh (one per portal and day). Today is worked out per zone here (Intl), not in SQL.
 */
export async function enqueueStalePortals(ctx: Pick<AppContext, 'jobs' | 'db' | 'clock'>): Promise<number> {
  const zones = await ctx.db.selectDistinct({ timeZone: businessProfiles.timeZone }).from(businessProfiles);
  if (zones.length === 0) return 0;
  const todays = zones.map(({ timeZone }) => sql`(${timeZone}, ${ctx.clock.today(zoneOrUtc(timeZone))}::date)`);
  const result = await ctx.db.execute(sql`
    select p.id, zone_today.today::text as today from portals p
    join business_profiles b on b.id = p.business_id
    join (values ${sql.join(todays, sql`, `)}) as zone_today (time_zone, today) on zone_today.time_zone = b.time_zone
    left join portal_estimate_state s on s.portal_id = p.id
    where b.status <> 'suspended' and s.computed_for is distinct from zone_today.today
      and exists (select 1 from clients c where c.portal_id = p.id and c.queue_state = 'queued' and c.removed_at is null)`);
  const rows = (result as unknown as { rows: { id: string; today: string }[] }).rows;
  for (const r of rows) await ctx.jobs.enqueue(ctx.db, [refreshJob(r.id, ctx.clock.nowMs(), `day:${r.today}`)]);
  if (rows.length > 0) ctx.jobs.poke();
  return rows.length;
}
