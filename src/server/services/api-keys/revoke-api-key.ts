import { and, eq, isNull } from 'drizzle-orm';
import type { ApiKeyView } from '@core/api/api-keys';
import { messages } from '@core/messages';
import type { AppContext } from '../../context';
import { apiKeys } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { apiKeyView } from './api-key-view';
import type { KeyActor } from './create-api-key';

/**
 * Revokes one of the business's keys: from the next request on it is refused, on every instance (keys are looked up
 * on each request). Another business's key is not found. Revoking a revoked key changes nothing.
 */
export async function revokeApiKey(ctx: Pick<AppContext, 'db' | 'clock'>, businessId: string, keyId: string, actor: KeyActor): Promise<ApiKeyView> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.businessId, businessId), isNull(apiKeys.revokedAt)))
      .returning();
    if (revoked) {
      await recordActivity(tx, {
        type: 'api_key.revoked',
        actorUserId: actor.userId,
        businessId,
        ipAddress: actor.ipAddress,
        detail: { apiKeyId: revoked.id, name: revoked.name },
      });
      return apiKeyView(revoked, now.getTime());
    }
    const [existing] = await tx.select().from(apiKeys).where(and(eq(apiKeys.id, keyId), eq(apiKeys.businessId, businessId)));
    if (!existing) throw new NotFoundError(messages.apiKeys.notFound);
    return apiKeyView(existing, now.getTime());
  });
}
