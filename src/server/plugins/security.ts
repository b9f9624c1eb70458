import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ForbiddenError, AppError } from '../errors';

/**
 * The CSP source allowing the one inline script of the web pages: theme-init.js, which the build puts inline
 * unchanged (vite.config.ts). Hashed from the built copy, so the policy always matches what is served; none
 * without a build (nothing inline is served then).
 */
export function themeInitScriptSource(webRoot: string): string | null {
  const file = path.join(webRoot, 'theme-init.js');
  if (!fs.existsSync(file)) return null;
  return `'sha256-${crypto.createHash('sha256').update(fs.readFileSync(file)).digest('base64')}'`;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Bodies a plain HTML form can send without JavaScript: refused on the API. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * The security headers of every response (the set helmet's defaults give, with our policy): a strict CSP
 * (the inline theme script allowed by hash, no plugins, no framing by other sites, no <base>), HSTS behind
 * https, nosniff, and no referrer leaking to other origins.
 */
export function securityHeaders(options: { https: boolean; themeInit: string | null }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self'${options.themeInit ? ` ${options.themeInit}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/**
 * Security headers (CSP, HSTS behind https, nosniff, frame-ancestors) and cross-site request
 * refusal: a state-changing API request must come from our own origin and may not be a plain form post.
 */
export async function registerSecurity(app: FastifyInstance, webRoot: string) {
  const { env } = app.ctx;
  const https = env.APP_URL.startsWith('https://');
  const themeInit = themeInitScriptSource(webRoot);
  const headers = securityHeaders({ https, themeInit });
  // One object, built once: set on every response before anything else runs (routes may override one, as the
  // uploaded-logo route does). Helmet rebuilt its policy on each request, a fifth of the portal lookup's cost.
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });

  const allowedOrigins = new Set([new URL(env.APP_URL).origin]);
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return;
    const origin = req.headers.origin;
    const hasCookie = Boolean(req.headers.cookie);
    if (origin !== undefined) {
      if (origin === 'null' || !allowedOrigins.has(origin)) {
        throw new ForbiddenError('Cross-site requests are not allowed.', 'invalid_origin');
      }
    } else if (hasCookie) {
      throw new ForbiddenError('Missing Origin header.', 'missing_origin');
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (FORM_TYPES.includes(type)) {
      throw new AppError(415, 'unsupported_media_type', 'Send the request body as JSON.');
    }
  });
}
