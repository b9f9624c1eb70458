import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findServedDomain } from '../../services/custom-domains/served-domains';

const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/**
 * Caddy's on-demand TLS `ask` (deploy/Caddyfile, decision 0014): 200 only for a name this app serves (a verified
 * custom domain), so nobody can make the proxy request certificates for names of their choosing. Rate-limited; the
 * Caddyfile keeps /api/internal/* off the public address.
 */
export async function tlsAllowedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/internal/tls-allowed',
    {
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        hide: true,
        querystring: z.object({ domain: z.string().min(1).max(300) }),
        response: { 200: z.object({ allowed: z.literal(true) }), 400: errorShape, 404: errorShape, 429: errorShape },
      },
    },
    async (req, reply) => {
      const served = await findServedDomain(app.ctx, req.query.domain);
      if (!served) return reply.status(404).send({ error: { code: 'not_allowed', message: 'No verified custom domain has this name.' } });
      return { allowed: true as const };
    },
  );
}
