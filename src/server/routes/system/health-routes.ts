import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { livenessSchema, readinessSchema } from '@core/api/system';
import { messages } from '@core/messages';
import { latestAppliedMigration, latestShippedMigration } from '../../db/migrate';

/** How long the database gets to answer a health or ready probe before the instance counts as not ready. */
const PROBE_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}


/** Liveness, readiness and the database check, for load balancers, orchestrators and the back office. */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uptime = () => Math.round((Date.now() - app.ctx.startedAt.getTime()) / 1000);

  r.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Service health, with a database round trip',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.literal('ok'), databaseKind: z.string(), uptimeSeconds: z.number() }),
          503: z.object({ status: z.literal('error'), database: z.literal('error'), databaseKind: z.string(), uptimeSeconds: z.number() }),
        },
      },
    },
    async (req, reply) => {
      const { database } = app.ctx;
      try {
        await withTimeout(database.ping(), 3000);
        return { status: 'ok' as const, database: 'ok' as const, databaseKind: database.kind, uptimeSeconds: uptime() };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error' as const, database: 'error' as const, databaseKind: database.kind, uptimeSeconds: uptime() });
      }
    },
  );

  r.get(
    '/api/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (no database round trip; a restart is the remedy when this fails)',
        response: { 200: livenessSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, uptimeSeconds: uptime() };
    },
  );

  r.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: send this instance traffic (database reachable, migrations applied, not shutting down)',
        description:
          'Answers 503 while the instance shuts down (so a load balancer drains it before it closes), while something holds it ' +
          'back (recovery after a crash), when the database does not answer within 2 s, or when it lacks a migration of this version.',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (req, reply) => {
      const { db, readiness } = app.ctx;
      reply.header('cache-control', 'no-store');
      let database: 'ok' | 'error' = 'ok';
      let migrations: 'ok' | 'pending' | 'unknown' = 'unknown';
      try {
        migrations = (await withTimeout(latestAppliedMigration(db), PROBE_TIMEOUT_MS)) >= latestShippedMigration() ? 'ok' : 'pending';
      } catch (err) {
        database = 'error';
        req.log.warn({ err }, 'ready check: database unreachable');
      }
      const holds = readiness.holds();
      const reason = readiness.draining
        ? messages.system.draining
        : database === 'error'
          ? messages.system.databaseUnreachable
          : migrations === 'pending'
            ? messages.system.migrationsPending
            : holds.length > 0
              ? holds.join('; ')
              : undefined;
      const body = { database, migrations, draining: readiness.draining };
      if (reason === undefined) return { status: 'ready' as const, ...body };
      return reply.status(503).send({ status: 'not_ready' as const, ...body, reason });
    },
  );
}
