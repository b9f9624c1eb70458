import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Liveness and database check, for load balancers and the back office. */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      const { database, startedAt } = app.ctx;
      const uptimeSeconds = Math.round((Date.now() - startedAt.getTime()) / 1000);
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 3000).unref()),
        ]);
        return { status: 'ok' as const, database: 'ok' as const, databaseKind: database.kind, uptimeSeconds };
      } catch (err) {
        req.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'error' as const, database: 'error' as const, databaseKind: database.kind, uptimeSeconds });
      }
    },
  );
}
