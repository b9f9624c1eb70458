import { and, eq, sql } from 'drizzle-orm';
import { apiKeyState, isWellFormedApiKey, scopeAllows } from '@core/api-keys';
import { API_KEY_ERRORS } from '@core/api/api-keys';
import { messages } from '@core/messages';
import type { AppContext } from '../../context';
import { apiKeys, businessProfiles, users } from '../../db/schema';
import { AppError, ForbiddenError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { requirePlanFeature } from '../business/plan-access';
import { hashApiKey } from './key-secrets';
import type { ApiKeyCaller } from './api-key-caller';


/** Last use is written at most this often per key (and when the address changes). */
const LAST_USE_EVERY_MS = 60_000;

/** 401 with RFC 6750's WWW-Authenticate, so a client library knows the token itself was refused. */
function refused(code: string, message: string): AppError {
  return new AppError(401, code, message, { 'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"` });
}

/**
 * The caller of a request sent with `Authorization: Bearer <key>` (decision 0018): a well-formed key (checksum) whose
 * hash is known, not revoked or expired, of a business that is not suspended and whose plan includes the API, with a
 * scope that allows the method. Throws 401 (the key), 403 (the business, plan or scope) otherwise.
 */
export async function authenticateApiKey(ctx: Pick<AppContext, 'db' | 'clock'>, token: string, method: string): Promise<ApiKeyCaller> {
  if (!isWellFormedApiKey(token)) throw refused(API_KEY_ERRORS.invalid, messages.apiKeys.invalid);
  const [row] = await ctx.db
    .select({ key: apiKeys, business: businessProfiles, owner: { id: users.id, email: users.email, name: users.name } })
    .from(apiKeys)
    .innerJoin(businessProfiles, eq(businessProfiles.id, apiKeys.businessId))
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(eq(apiKeys.keyHash, hashApiKey(token)));
  if (!row) throw refused(API_KEY_ERRORS.invalid, messages.apiKeys.invalid);
  const state = apiKeyState(row.key, ctx.clock.nowMs());
  if (state === 'revoked') throw refused(API_KEY_ERRORS.revoked, messages.apiKeys.revoked);
  if (state === 'expired') throw refused(API_KEY_ERRORS.expired, messages.apiKeys.expired);
  if (row.business.status === 'suspended') throw new ForbiddenError(messages.apiKeys.businessSuspended, 'account_suspended');
  requirePlanFeature(row.business, 'api');
  if (!scopeAllows(row.key.scope, method)) throw new ForbiddenError(messages.apiKeys.readOnly, API_KEY_ERRORS.scope);
  return {
    keyId: row.key.id,
    keyName: row.key.name,
    scope: row.key.scope,
    business: row.business,
    owner: row.owner,
    lastUse: { at: row.key.lastUsedAt, ip: row.key.lastUsedIp, loggedOn: row.key.lastLoggedOn },
  };
}

/**
 * Notes a use of the key: its last use (time and address, at most once a minute unless the address changes) and,
 * on its first use of each UTC day, one `api_key.used` row in the activity log (reads are attributable per key and
 * day without a row per request; each write gets its own row, see recordApiKeyWrite). Safe across instances: the
 * day's row is written by whichever instance moves `last_logged_on` first.
 */
export async function recordApiKeyUse(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  caller: ApiKeyCaller,
  ipAddress: string,
): Promise<void> {
  const now = ctx.clock.now();
  const today = now.toISOString().slice(0, 10);
  const seen = caller.lastUse;
  const stale = !seen.at || now.getTime() - seen.at.getTime() >= LAST_USE_EVERY_MS || seen.ip !== ipAddress;
  if (stale) await ctx.db.update(apiKeys).set({ lastUsedAt: now, lastUsedIp: ipAddress }).where(eq(apiKeys.id, caller.keyId));
  if (seen.loggedOn === today) return;
  await ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(apiKeys)
      .set({ lastLoggedOn: today })
      .where(and(eq(apiKeys.id, caller.keyId), sql`${apiKeys.lastLoggedOn} is distinct from ${today}::date`))
      .returning({ id: apiKeys.id });
    if (moved.length === 0) return;
    await recordActivity(tx, {
      type: 'api_key.used',
      actorUserId: caller.owner.id,
      businessId: caller.business.id,
      ipAddress,
      detail: { apiKeyId: caller.keyId, name: caller.keyName, day: today },
    });
  });
}

/** One activity row per request that changed (or tried to change) data with a key: method, route and answer. */
export async function recordApiKeyWrite(
  ctx: Pick<AppContext, 'db'>,
  caller: ApiKeyCaller,
  request: { method: string; route: string; statusCode: number; ipAddress: string },
): Promise<void> {
  await recordActivity(ctx.db, {
    type: 'api_key.write',
    actorUserId: caller.owner.id,
    businessId: caller.business.id,
    ipAddress: request.ipAddress,
    detail: { apiKeyId: caller.keyId, name: caller.keyName, method: request.method, route: request.route, status: request.statusCode },
  });
}
