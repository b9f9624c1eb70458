import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { messages } from '@core/messages';
import { AppError, NotFoundError } from '../../errors';

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** True when the Authorization header carries the token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return given !== undefined && crypto.timingSafeEqual(digest(given), digest(token));
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN (decision 0015). Without the
 * variable the endpoint does not exist (404): nothing about the instance is shown to anyone.
 */
export async function metricsRoutes(app: FastifyInstance) {
  app.get(
    '/metrics',
    {
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics of this instance (Authorization: Bearer METRICS_TOKEN; 404 when METRICS_TOKEN is not set)',
      },
    },
    async (req, reply) => {
      const token = app.ctx.env.METRICS_TOKEN;
      if (!token) throw new NotFoundError(`No such endpoint: GET ${req.url.split('?')[0]}`);
      if (!bearerMatches(req.headers.authorization, token)) {
        throw new AppError(401, 'unauthorized', messages.system.metricsToken, { 'www-authenticate': 'Bearer realm="metrics"' });
      }
      const { registry } = app.ctx.metrics;
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    },
  );
}
