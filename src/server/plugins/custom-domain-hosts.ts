import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findServedDomain, type ServedDomain } from '../services/custom-domains/served-domains';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request came for a verified custom domain: the portal it serves (plugins/custom-domain-hosts.ts). */
    customDomain?: ServedDomain;
  }
}

/** Files of the portal page (its built entry's assets and the theme script). */
const PORTAL_FILES = /^\/(assets\/[^?]+|theme-init\.js)$/;

/** What a custom domain serves: its portal's page at `/`, the page's files, and that portal's public API. */
export function customDomainAllows(req: Pick<FastifyRequest, 'method' | 'url'>, portalId: string): boolean {
  const path = req.url.split('?')[0]!;
  const api = `/api/public/portals/${portalId}`;
  if (path === api || path.startsWith(`${api}/`)) return true;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return path === '/' || PORTAL_FILES.test(path) || path === '/api/public/maintenance';
}

/**
 * Requests for a verified custom domain (issue 23, decision 0014): that portal is served at `/` with its files and
 * public API; everything else of the app answers 404 there, and no cookie is ever set on it. The app's own hosts
 * (APP_URL's, PORTAL_DOMAIN_TARGET, IP addresses, localhost) skip the lookup. Registered before the security
 * plugin, which accepts the domain's own origin for the portal's posts.
 */
export function registerCustomDomainHosts(app: FastifyInstance): void {
  const { env } = app.ctx;
  const ownHosts = new Set([new URL(env.APP_URL).hostname, env.PORTAL_DOMAIN_TARGET, 'localhost']);
  app.addHook('onRequest', async (req, reply) => {
    const host = req.hostname.toLowerCase();
    if (ownHosts.has(host) || isIP(host.replace(/^\[|\]$/g, '')) !== 0 || !host.includes('.')) return;
    const served = await findServedDomain(app.ctx, host);
    if (!served) return;
    req.customDomain = served;
    if (!customDomainAllows(req, served.portalId)) return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.customDomain) {
      reply.removeHeader('set-cookie');
      // The business's name: its own other names are none of ours to pin to HTTPS.
      if (reply.hasHeader('strict-transport-security')) reply.header('strict-transport-security', 'max-age=31536000');
    }
    done(null, payload);
  });
}
