import type { FastifyInstance } from 'fastify';
import { vacuumEmbeddedTables } from '../db/vacuum-embedded';
import { registerDailyJob } from './daily-job';

export const VACUUM_JOB = 'database.vacuum';

/** The first run waits this long after a start, so it never holds the database while the app comes up. */
const FIRST_RUN_AFTER_MS = 15 * 60 * 1000;

/**
 * The daily `database.vacuum` job, on the embedded database only (PostgreSQL vacuums and analyzes by itself): every
 * table's VACUUM (ANALYZE), one at a time (db/vacuum-embedded.ts), first 15 minutes after a start. Logs how long the
 * slowest table held the database.
 */
export function registerDatabaseMaintenanceJob(app: FastifyInstance, options: { schedule: boolean }): void {
  const { ctx } = app;
  if (ctx.database.kind !== 'pglite') return;
  registerDailyJob(
    app,
    VACUUM_JOB,
    async () => {
      const tables = await vacuumEmbeddedTables(ctx.db);
      const slowest = tables.reduce((a, b) => (b.ms > a.ms ? b : a), { table: '', ms: 0 });
      ctx.logger.info({ tables: tables.length, slowest: slowest.table, slowestMs: Math.round(slowest.ms) }, 'vacuumed and analyzed the embedded database');
    },
    options.schedule,
    FIRST_RUN_AFTER_MS,
  );
}
