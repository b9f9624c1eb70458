import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
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
 * Security headers (CSP, HSTS behind https, nosniff, frame-ancestors) and cross-site request
 * refusal: a state-changing API request must come from our own origin and may not be a plain form post.
 */
export async function registerSecurity(app: FastifyInstance, webRoot: string) {
  const { env } = app.ctx;
  const https = env.APP_URL.startsWith('https://');
  const themeInit = themeInitScriptSource(webRoot);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(themeInit ? [themeInit] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
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
