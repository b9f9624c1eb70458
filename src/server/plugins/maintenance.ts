import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAINTENANCE_ERROR } from '@core/api/error-codes';
import { maintenanceStateSchema } from '@core/api/system';
import { UnavailableError } from '../errors';
import { loadSession } from './session';

/** Tells the web app whether to show its maintenance page (open to everyone, never 503). */
export const MAINTENANCE_STATUS_PATH = '/api/public/maintenance';

export const MAINTENANCE_MESSAGE = 'The platform is down for maintenance. Please try again later.';

/** API paths that stay open during maintenance: health checks (liveness and readiness too: the balancer keeps its instances), signing in (operators must), the public config, the back office. */
export function isMaintenanceExempt(path: string): boolean {
  return (
    path === '/api/health' ||
    path.startsWith('/api/health/') ||
    path.startsWith('/api/auth/') ||
    path === '/api/public/config' ||
    path === MAINTENANCE_STATUS_PATH ||
    path.startsWith('/api/admin/')
  );
}

/**
 * Maintenance mode (platform setting): every API call but the exempt ones answers 503 `maintenance` unless the
 * caller is a platform operator. The web app and the client portal page show their maintenance page from
 * /api/public/maintenance (and from a 503 'maintenance' answer). Pages themselves (index.html, portal.html) are
 * still served, so the maintenance page can be shown and operators keep a working site.
 */
export function registerMaintenance(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    MAINTENANCE_STATUS_PATH,
    {
      schema: {
        tags: ['public'],
        summary: 'Whether the platform is in maintenance mode (the web app then shows its maintenance page to all but operators)',
        response: { 200: maintenanceStateSchema },
      },
    },
    async (_req, reply) => {
      const s = await app.ctx.settings.get();
      reply.header('cache-control', 'no-store');
      return { maintenanceMode: s.general.maintenanceMode, message: MAINTENANCE_MESSAGE, platformName: s.general.platformName };
    },
  );
  const check = async (req: FastifyRequest, reply: FastifyReply) => {
    const s = await app.ctx.settings.get();
    if (!s.general.maintenanceMode) return;
    const user = await loadSession(req, reply).catch(() => null);
    if (user?.role === 'admin') return;
    reply.header('retry-after', '300');
    throw new UnavailableError(MAINTENANCE_MESSAGE, MAINTENANCE_ERROR);
  };
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/api/')) return done();
    // The settings are remembered (settings-cache.ts): the common case answers without waiting on anything.
    const known = app.ctx.settings.peek();
    if (known && !known.general.maintenanceMode) return done();
    if (isMaintenanceExempt(req.url.split('?')[0]!)) return done();
    check(req, reply).then(() => done(), done);
  });
}
