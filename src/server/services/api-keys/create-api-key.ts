import { and, count, eq, gt, isNull, or } from 'drizzle-orm';
import { apiKeyShownPrefix } from '@core/api-keys';
import type { CreateApiKeyBody, CreatedApiKey } from '@core/api/api-keys';
import { messages } from '@core/messages';
import type { AppContext } from '../../context';
import { apiKeys } from '../../db/schema';
import { ConflictError, ValidationError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { requirePlanFeature } from '../business/plan-access';
import { apiKeyView } from './api-key-view';
import { hashApiKey, newApiKey, randomBase62 } from './key-secrets';

/** Active keys a business may hold at once (revoked and expired ones do not count). */
export const MAX_ACTIVE_API_KEYS = 25;
const MAX_LIFETIME_MS = 5 * 366 * 24 * 60 * 60 * 1000;

export interface KeyActor {
  userId: string;
  ipAddress: string | null;
}

/**
 * Creates a key for the business (Business and Enterprise plans): the answer holds the key itself, which is never
 * stored (only its hash) and never shown again. Recorded in the activity log with the change.
 */
export async function createApiKey(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  business: { id: string; plan: string },
  input: CreateApiKeyBody,
  actor: KeyActor,
): Promise<CreatedApiKey> {
  requirePlanFeature(business, 'api');
  const now = ctx.clock.now();
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new ValidationError(messages.apiKeys.expiryInPast);
  if (expiresAt && expiresAt.getTime() - now.getTime() > MAX_LIFETIME_MS) throw new ValidationError(messages.apiKeys.expiryTooFar);
  const key = newApiKey();
  const row = await ctx.db.transaction(async (tx) => {
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.businessId, business.id), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))));
    if ((active?.n ?? 0) >= MAX_ACTIVE_API_KEYS) throw new ConflictError(messages.apiKeys.limitReached(MAX_ACTIVE_API_KEYS), 'api_key_limit');
    const [created] = await tx
      .insert(apiKeys)
      .values({
        id: `key_${randomBase62(16)}`,
        businessId: business.id,
        name: input.name,
        scope: input.scope,
        prefix: apiKeyShownPrefix(key),
        keyHash: hashApiKey(key),
        createdByUserId: actor.userId,
        createdAt: now,
        expiresAt,
      })
      .returning();
    await recordActivity(tx, {
      type: 'api_key.created',
      actorUserId: actor.userId,
      businessId: business.id,
      ipAddress: actor.ipAddress,
      detail: { apiKeyId: created!.id, name: input.name, scope: input.scope, expiresAt: expiresAt?.toISOString() ?? null },
    });
    return created!;
  });
  return { ...apiKeyView(row, now.getTime()), key };
}
