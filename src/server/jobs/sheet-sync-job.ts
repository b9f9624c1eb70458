import { and, asc, eq, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { zoneOrUtc } from '@core/validation/auth';
import type { AppContext } from '../context';
import { businessProfiles, portals } from '../db/schema';
import { AppError } from '../errors';
import { purgeRemovedClients } from '../services/sheet-sync/maintenance';
import { failInterruptedRuns, freeStaleLeases, startRecovery } from '../services/sheet-sync/run-recovery';
import { dropOrphanStagedTables } from '../services/sheet-sync/staged-apply';
import { sweepOrphanUploadChunks } from '../services/sheet-sync/uploaded-files';
import { queueRefreshActor, recomputeQueue } from '../services/sheet-sync/recompute-queue';
import { runSync } from '../services/sheet-sync/run-sync';
import { acquireSyncLease, releaseSyncLease } from '../services/sheet-sync/sync-lease';

export interface SheetSyncJobOptions {
  /** How often to look for due portals (default 30 s). */
  tickMs?: number;
  /** Portals synced per tick, one after another (default 10). */
  batch?: number;
}

export interface SheetSyncJob {
  /** One pass: due syncs, stale queues, interrupted runs, purge. Exposed for tests. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

const PURGE_EVERY_MS = 60 * 60 * 1000;


/**
 * Re-syncs each Google-sheet portal when its next_sync_at comes (every sync_interval_minutes, default 15),
 * recomputes queue estimates once a day (today moves) or after a settings change, marks runs interrupted by a
 * crash as failed, and purges clients removed more than 30 days ago. Safe with several instances on one
 * PostgreSQL: each portal's sync runs under its lease, so each due sync runs once (decision 0022).
 */
export function startSheetSyncJob(ctx: AppContext, options: SheetSyncJobOptions = {}): SheetSyncJob {
  const tickMs = options.tickMs ?? 30_000;
  const batch = options.batch ?? 10;
  const { db, logger } = ctx;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  let lastPurge = 0;
  let started = false;

  async function syncDuePortals() {
    const due = await db
      .select({ id: portals.id, businessId: portals.businessId, timeZone: businessProfiles.timeZone })
      .from(portals)
      .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
      .where(
        and(
          eq(portals.sourceType, 'google_sheet'),
          isNotNull(portals.nextSyncAt),
          lte(portals.nextSyncAt, sql`now()`),
          or(isNull(portals.syncLeaseExpiresAt), lt(portals.syncLeaseExpiresAt, sql`now()`)),
          ne(businessProfiles.status, 'suspended'),
        ),
      )
      .orderBy(asc(portals.nextSyncAt))
      .limit(batch);
    for (const p of due) {
      if (stopped) return;
      const token = await acquireSyncLease(db, p.id);
      if (!token) continue; // another instance took it
      try {
        await runSync(ctx, { portalId: p.id, businessId: p.businessId, timeZone: p.timeZone, trigger: 'schedule', leaseToken: token });
      } catch (err) {
        if (err instanceof AppError) logger.warn({ portalId: p.id, code: err.code }, `scheduled sheet sync failed: ${err.message}`);
        else logger.error({ err, portalId: p.id }, 'scheduled sheet sync failed');
      } finally {
        await releaseSyncLease(db, p.id, token).catch(() => {});
      }
    }
  }

  /**
   * Portals whose queue was computed for another day than today in their business's zone (or not at all). "Today"
   * is worked out here per zone, as recomputeQueue does (Intl), not in SQL: a zone name the database does not know
   * had failed the whole query, for every business, on each round (found by review); one Intl does not know counts
   * as UTC.
   */
  async function refreshStaleQueues() {
    const zones = await db.selectDistinct({ timeZone: businessProfiles.timeZone }).from(businessProfiles);
    if (zones.length === 0) return;
    const todays = zones.map(({ timeZone }) => sql`(${timeZone}, ${ctx.clock.today(zoneOrUtc(timeZone))}::date)`);
    const stale = await db
      .select({ id: portals.id, timeZone: businessProfiles.timeZone })
      .from(portals)
      .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
      .innerJoin(sql`(values ${sql.join(todays, sql`, `)}) as zone_today (time_zone, today)`, sql`zone_today.time_zone = ${businessProfiles.timeZone}`)
      .where(
        and(
          ne(portals.sourceType, 'none'),
          isNotNull(portals.lastSyncedAt),
          sql`${portals.queueComputedFor} is distinct from zone_today.today`,
          or(isNull(portals.syncLeaseExpiresAt), lt(portals.syncLeaseExpiresAt, sql`now()`)),
        ),
      )
      .limit(batch);
    for (const p of stale) {
      if (stopped) return;
      await recomputeQueue(ctx, p.id, zoneOrUtc(p.timeZone), { actor: queueRefreshActor });
    }
  }

  /** One step of a round: a failure is logged and the round goes on, so one broken step never stops the others. */
  async function step(name: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      logger.error({ err, step: name }, 'sheet sync job step failed');
    }
  }

  async function tick() {
    if (!started) {
      started = true;
      if (ctx.database.kind === 'pglite') await step('free stale leases', async () => void (await freeStaleLeases(db)));
    }
    await step('fail interrupted runs', async () => void (await failInterruptedRuns(db, logger, ctx.clientEvents)));
    if (ctx.database.kind === 'pglite') await step('drop orphan staged tables', async () => void (await dropOrphanStagedTables(db)));
    await step('sync due portals', syncDuePortals);
    await step('refresh stale queues', refreshStaleQueues);
    if (Date.now() - lastPurge > PURGE_EVERY_MS) {
      lastPurge = Date.now();
      await step('purge removed clients', async () => {
        const purged = await purgeRemovedClients(db);
        if (purged > 0) logger.info({ purged }, 'purged clients removed more than 30 days ago');
      });
      await step('sweep upload chunks', async () => {
        const swept = await sweepOrphanUploadChunks(db);
        if (swept > 0) logger.info({ swept }, 'deleted the stored bytes of uploads no portal kept');
      });
    }
  }

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((err: unknown) => logger.error({ err }, 'sheet sync job failed'))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, tickMs);
    timer.unref();
  };
  schedule();

  return {
    tick: async () => {
      while (running) await running;
      running = tick();
      try {
        await running;
      } finally {
        running = undefined;
      }
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running) await running.catch(() => {});
    },
  };
}

/**
 * Starts the job when the app is ready and stops it (waiting for a running sync) when the app closes. On the embedded
 * database the recovery at start comes first, in the background (startRecovery in run-recovery.ts): the app answers meanwhile, the
 * portals it works on answer 503, and the job starts when it is over.
 */
export function registerSheetSyncJob(app: import('fastify').FastifyInstance, options: SheetSyncJobOptions = {}): void {
  let job: SheetSyncJob | undefined;
  let recovery: Promise<void> | undefined;
  let closing = false;
  const start = () => {
    if (!closing) job = startSheetSyncJob(app.ctx, options);
  };
  app.addHook('onReady', async () => {
    if (app.ctx.database.kind !== 'pglite') return start();
    // A failure here must not stop the start: the job's clean-up tries again every 30 s.
    const started = await startRecovery(app.ctx, app.log).catch((err: unknown) => {
      app.log.error({ err }, 'could not start the recovery of what an earlier process left');
      return null;
    });
    recovery = (started?.done ?? Promise.resolve()).then(start);
  });
  app.addHook('onClose', async () => {
    closing = true;
    await recovery;
    await job?.stop();
  });
}
