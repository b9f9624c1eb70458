import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { ForbiddenError, AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Bodies a plain HTML form can send without JavaScript: refused on the API. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];

/**
 * Security headers (CSP, HSTS behind https, nosniff, frame-ancestors) and cross-site request
 * refusal: a state-changing API request must come from our own origin and may not be a plain form post.
 */
export async function registerSecurity(app: FastifyInstance) {
  const { env } = app.ctx;
  const https = env.APP_URL.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
