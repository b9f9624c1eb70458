import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { SessionUser } from '../context';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { contextOf, currentRequestContext, type RequestContext } from '../lib/request-context';
import { messages } from '@core/messages';
import { bearerToken } from '@core/api-keys';
import { API_KEY_ERRORS } from '@core/api/api-keys';

function toHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}

/** The operator behind an impersonation session, by name (as the activity log shows them). */
async function impersonationOf(req: FastifyRequest, operatorUserId: string, ownerUserId: string): Promise<RequestContext['impersonation']> {
  const [operator] = await req.server.ctx.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, operatorUserId));
  return { operatorUserId, operatorName: operator?.name || operator?.email || 'A platform operator', ownerUserId };
}

/** Loads the session from the cookie (refreshing it when due) into req.sessionUser; null if none. */
export async function loadSession(req: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
  // A request made with an API key has no session, whatever identity the key lent it (plugins/api-key-auth.ts).
  if (req.apiKey) return null;
  if (req.sessionUser) return req.sessionUser;
  if (!req.headers.cookie) return null;
  const result = await req.server.ctx.auth.api.getSession({ headers: toHeaders(req), returnHeaders: true });
  const cookies = result.headers?.getSetCookie?.() ?? [];
  if (cookies.length) reply.header('set-cookie', cookies);
  const data = result.response;
  if (!data) return null;
  const user = data.user as typeof data.user & { role?: string | null };
  const session = data.session as typeof data.session & { impersonatedBy?: string | null };
  req.sessionUser = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === 'admin' ? 'admin' : 'user',
    sessionId: session.id,
    impersonatedBy: session.impersonatedBy ?? null,
  };
  // Audit rows written during this request name the operator acting as the business (record-activity.ts, and
  // impersonation-audit.ts for requests that write none).
  const context = contextOf(req) ?? currentRequestContext();
  if (context) context.impersonation = req.sessionUser.impersonatedBy ? await impersonationOf(req, req.sessionUser.impersonatedBy, req.sessionUser.id) : null;
  return req.sessionUser;
}

/**
 * Account, billing, key management and the back office never take an API key (D13): a request that brings one and
 * no session is told so (403 api_key_not_allowed) rather than asked to sign in.
 */
function refuseApiKey(req: FastifyRequest): void {
  if (req.apiKey || (bearerToken(req.headers.authorization) && !req.headers.cookie)) {
    throw new ForbiddenError(messages.apiKeys.notAllowedHere, API_KEY_ERRORS.notAllowed);
  }
}

/** Route guard (preValidation, so a caller is told 401/403 before anything about its body): a signed-in user, else 401. */
export async function requireSession(req: FastifyRequest, reply: FastifyReply) {
  refuseApiKey(req);
  const user = await loadSession(req, reply);
  if (!user) throw new UnauthorizedError(messages.auth.signInRequired);
}

/** Route guard (preValidation): a signed-in platform operator: 401 anonymous, 403 others. */
export async function requireAdmin(req: FastifyRequest, reply: FastifyReply) {
  refuseApiKey(req);
  const user = await loadSession(req, reply);
  if (!user) throw new UnauthorizedError(messages.auth.signInRequired);
  if (user.role !== 'admin') throw new ForbiddenError(messages.auth.adminRequired);
}
