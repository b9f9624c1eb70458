import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseAllowedIps } from '@core/validation/admin-settings';
import { ipAllowed } from '../services/platform-settings/ip-allow-list';

export const IP_NOT_ALLOWED_MESSAGE = 'The back office cannot be reached from this address.';

/** The back office: its pages and its API. */
export function isBackOfficePath(path: string): boolean {
  return path === '/admin' || path.startsWith('/admin/') || path.startsWith('/api/admin/');
}

/** IP restriction (security setting): when on, the back office answers 403 to any address not in the allow-list. */
export function registerAdminIpAllowList(app: FastifyInstance) {
  const check = async (req: FastifyRequest, reply: FastifyReply, path: string) => {
    const s = await app.ctx.settings.get();
    if (!s.security.ipRestriction) return;
    if (ipAllowed(req.ip, parseAllowedIps(s.security.allowedIps))) return;
    req.log.warn({ ip: req.ip, path }, 'back office refused: address not in the allow-list');
    if (path.startsWith('/api/')) {
      reply.status(403).send({ error: { code: 'ip_not_allowed', message: IP_NOT_ALLOWED_MESSAGE } });
      return;
    }
    reply
      .status(403)
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><meta charset="utf-8"><title>Access denied</title><p style="font-family:sans-serif;margin:3rem">${IP_NOT_ALLOWED_MESSAGE}</p>`);
  };
  // Synchronous for every other path; the settings are read only for the back office.
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/admin') && !req.url.startsWith('/api/admin/')) return done();
    const path = req.url.split('?')[0]!;
    if (!isBackOfficePath(path)) return done();
    check(req, reply, path).then(() => {
      if (!reply.sent) done();
    }, done);
  });
}
