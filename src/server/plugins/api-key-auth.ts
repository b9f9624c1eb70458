import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '@core/api-keys';
import { currentRequestContext } from '../lib/request-context';
import { authenticateApiKey, recordApiKeyUse, recordApiKeyWrite } from '../services/api-keys/authenticate-api-key';
import { checkApiKeyLimits } from './business-api-limits';
import { idempotentWrites } from './idempotency';
import { requireSession } from './session';

/** OpenAPI security of the business routes: a signed-in owner's session cookie, or an API key. */
export const BUSINESS_SECURITY: { [name: string]: readonly string[] }[] = [{ session: [] }, { apiKey: [] }];
/** OpenAPI security of the routes that need a session (account, billing, key management). */
export const SESSION_SECURITY: { [name: string]: readonly string[] }[] = [{ session: [] }];

/**
 * Route guard (preValidation) of the business API that scripts may call (decision 0018): with
 * `Authorization: Bearer <key>`, the key (scope, revocation, expiry, plan, per-key and daily limits); without one,
 * the signed-in owner's session as before. A key lends the request its business's owner as `sessionUser`, so the
 * routes and services that act for the owner work unchanged, and `req.apiKey` marks the request: the session guards
 * refuse it (account, billing, key management, back office), and audit rows written during it name the key.
 */
export async function requireBusinessCaller(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = bearerToken(req.headers.authorization);
  if (!token) return requireSession(req, reply);
  const { ctx } = req.server;
  const caller = await authenticateApiKey(ctx, token, req.method);
  req.apiKey = caller;
  req.sessionUser = { id: caller.owner.id, email: caller.owner.email, name: caller.owner.name, role: 'user', sessionId: `api_key:${caller.keyId}`, impersonatedBy: null };
  const context = currentRequestContext();
  if (context) context.apiKey = { id: caller.keyId, name: caller.keyName };
  await checkApiKeyLimits(req.server, reply, { keyId: caller.keyId, ownerId: caller.owner.id });
  await recordApiKeyUse(ctx, caller, req.ip);
}

/**
 * Makes every route registered after it in this plugin a business route that takes a key or a session
 * (requireBusinessCaller), whose writes take an Idempotency-Key (plugins/idempotency.ts), and says so in the OpenAPI
 * document.
 */
export function businessApi(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: BUSINESS_SECURITY } as typeof route.schema;
  });
  app.addHook('preValidation', requireBusinessCaller);
  idempotentWrites(app);
}

/**
 * The OpenAPI security of each route, from its guard: routes guarded by requireBusinessCaller (inline, or through
 * businessApi) take a session or a key; every other /api/v1 and /api/admin route a session only.
 */
export function registerApiSecurityDocs(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const guards = [route.preValidation].flat();
    const schema = (route.schema ?? {}) as { security?: unknown };
    if (guards.includes(requireBusinessCaller)) route.schema = { ...route.schema, security: BUSINESS_SECURITY } as typeof route.schema;
    else if (!schema.security && /^\/api\/(v1|admin)\//.test(route.url)) route.schema = { ...route.schema, security: SESSION_SECURITY } as typeof route.schema;
  });
}

/** Every completed request that tried to change data with a key gets its own activity row (reads: one a day). */
export function registerApiKeyAudit(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const caller = req.apiKey;
    if (!caller || req.method === 'GET' || req.method === 'HEAD' || reply.statusCode === 429) return done();
    recordApiKeyWrite(app.ctx, caller, { method: req.method, route: req.routeOptions.url ?? req.url.split('?')[0]!, statusCode: reply.statusCode, ipAddress: req.ip })
      .catch((err: unknown) => req.log.error({ err }, 'could not record the API key write'))
      .finally(done);
  });
}
