import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError, AppError } from '../errors';
import { messages } from '@core/messages';
import type { Env } from '../env';
import { jsonBodyMessages, jsonBodyProblem } from '../lib/json-body-check';

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
/**
 * API addresses that take plain form posts from elsewhere because the request carries its own proof and no cookie is
 * read: RFC 8058's one-click unsubscribe (a mail program POSTs `List-Unsubscribe=One-Click`, the token is in the
 * address) and the SMS provider's signed webhooks (replies, delivery reports).
 */
export const FORM_POST_PATHS = new Set(['/api/public/unsubscribe', '/api/public/sms/inbound', '/api/public/sms/status']);

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
 * The headers of API answers (JSON, and the uploaded logo images): nothing in them is a page, so the policy allows
 * nothing at all (OWASP's REST set) and the page-only headers are left out; a fifth of the bytes of the page set on
 * every portal lookup. The API's HTML pages (/api/docs) set their own policy.
 */
export function apiSecurityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none';base-uri 'none';object-src 'none';form-action 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** The origin a request was sent to: its scheme and Host (the proxy's, when TRUST_PROXY believes it). */
export const requestOrigin = (req: Pick<FastifyRequest, 'protocol' | 'host'>) => `${req.protocol}://${req.host}`.toLowerCase();

/**
 * Which page origins may send state-changing requests (security item 9). With APP_URL set: its origin and the
 * TRUSTED_ORIGINS list. Without it (self-hosting opened at http://127.0.0.1:3000 or a LAN address): the origin the
 * request itself was sent to, so a page is trusted by the server that served it; another site's page never is
 * (its Origin names its own host). `null` (sandboxed frames, file pages) is never trusted.
 */
export function ownSiteCheck(env: Pick<Env, 'APP_URL' | 'APP_URL_SET' | 'TRUSTED_ORIGINS'>): (origin: string, req: Pick<FastifyRequest, 'protocol' | 'host'>) => boolean {
  if (env.APP_URL_SET) {
    const allowed = new Set([new URL(env.APP_URL).origin, ...env.TRUSTED_ORIGINS]);
    return (origin) => allowed.has(origin);
  }
  return (origin, req) => origin !== 'null' && origin.toLowerCase() === requestOrigin(req);
}


/** What a request with the wrong body type is told: a CSV route wants the file, every other route JSON. */
export function unsupportedBodyMessage(req: FastifyRequest): string {
  const consumes = (req.routeOptions.schema as { consumes?: readonly string[] } | undefined)?.consumes;
  return consumes?.includes('text/csv') ? messages.sync.csvBodyRequired : 'Send the request body as JSON.';
}

/**
 * True for an address no browser sends and that different parts of the server would read differently: a target
 * that is not a plain path (a full URL, `//host`, a `#fragment`), a path segment spelled `.` or `..` (also
 * percent-encoded), a backslash (the URL parser reads it as `/`), or a NUL anywhere. The rate limits, the
 * back-office allow-list and maintenance mode look at the raw target while better-auth sees the normalised path,
 * so `/api/auth/sign-in/./email` or `http://host/api/auth/sign-in/email` was a sign-in that no per-IP sign-in
 * limit counted; a NUL reached the database. (An encoded backslash, `%5C`, is left alone: URL parsing keeps it,
 * and a client id from a sheet may hold one.)
 */
export function isMalformedRequestUrl(url: string): boolean {
  if (url[0] !== '/' || url.startsWith('//') || url.includes('#')) return true;
  if (/%00|\0/i.test(url)) return true;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.includes('\\') || /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i.test(path);
}

/**
 * Security headers (CSP, HSTS behind https, nosniff, frame-ancestors), refusal of malformed addresses and of NUL
 * characters in JSON bodies, and cross-site request refusal: a state-changing API request must come from our own
 * origin and may not be a plain form post.
 */
export async function registerSecurity(app: FastifyInstance, webRoot: string) {
  const { env } = app.ctx;
  const https = env.APP_URL.startsWith('https://');
  const themeInit = themeInitScriptSource(webRoot);
  const pageHeaders = securityHeaders({ https, themeInit });
  const apiHeaders = apiSecurityHeaders({ https });
  // Objects built once: set on every response before anything else runs (routes may override one, as the
  // uploaded-logo route does). Helmet rebuilt its policy on each request, a fifth of the portal lookup's cost.
  // JSON bodies as Fastify reads them (prototype poisoning refused), after one pass that refuses what no route can
  // take (lib/json-body-check.ts): deep nesting, NUL, lone surrogates, numbers beyond the double range. Each would
  // otherwise end as a 500 deep in a query or a serialiser; it is a 400 here, for every route at once.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    const problem = jsonBodyProblem(text);
    if (problem) {
      done(new AppError(400, 'bad_request', jsonBodyMessages[problem]), undefined);
      return;
    }
    parseJson(req, text, done);
  });

  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') && !req.url.startsWith('/api/docs') ? apiHeaders : pageHeaders);
    // Before the rate limits and every other check, which all read the path as sent.
    if (isMalformedRequestUrl(req.url)) done(new AppError(400, 'bad_request', 'The address is not valid.'));
    else done();
  });

  const isOwnSite = ownSiteCheck(env);
  const crossSiteRefusal = (req: FastifyRequest): AppError | null => {
    if (SAFE_METHODS.has(req.method) || !req.url.startsWith('/api/')) return null;
    if (req.method === 'POST' && FORM_POST_PATHS.has(req.url.split('?')[0]!)) return null;
    const origin = req.headers.origin;
    const hasCookie = Boolean(req.headers.cookie);
    if (origin !== undefined) {
      const fromCustomDomain = req.customDomain !== undefined && origin.toLowerCase() === requestOrigin(req);
      if (!fromCustomDomain && !isOwnSite(origin, req)) return new ForbiddenError('Cross-site requests are not allowed.', 'invalid_origin');
    } else if (hasCookie) {
      return new ForbiddenError('Missing Origin header.', 'missing_origin');
    }
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (FORM_TYPES.includes(type)) return new AppError(415, 'unsupported_media_type', unsupportedBodyMessage(req));
    return null;
  };
  app.addHook('onRequest', (req, _reply, done) => {
    const refusal = crossSiteRefusal(req);
    if (refusal) done(refusal);
    else done();
  });
}
