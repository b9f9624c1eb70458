import { eq } from 'drizzle-orm';
import type { CreatedWebhook } from '@core/api/webhooks';
import type { AppContext } from '../../context';
import { webhookEndpoints } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import type { WebhookActor } from './create-webhook-endpoint';
import { endpointView } from './endpoint-view';
import { findEndpoint } from './find-endpoint';
import { newWebhookSecret, sealSecret, secretPrefix } from './webhook-secrets';

export const DEFAULT_ROTATION_OVERLAP_HOURS = 24;

/**
 * Gives the endpoint a new signing secret (returned once). For `overlapHours` (default 24) deliveries carry two
 * signatures, the new secret's and the old one's, so the receiver can switch secrets without dropping any.
 */
export async function rotateWebhookSecret(
  ctx: Pick<AppContext, 'db' | 'clock' | 'env'>,
  businessId: string,
  endpointId: string,
  overlapHours: number | undefined,
  actor: WebhookActor,
): Promise<CreatedWebhook> {
  const now = ctx.clock.now();
  const hours = overlapHours ?? DEFAULT_ROTATION_OVERLAP_HOURS;
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findEndpoint(tx, businessId, endpointId);
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secretBox: sealSecret(secret, ctx.env.BETTER_AUTH_SECRET ?? ''),
        secretPrefix: secretPrefix(secret),
        previousSecretBox: hours > 0 ? current.secretBox : null,
        previousSecretExpiresAt: hours > 0 ? new Date(now.getTime() + hours * 3_600_000) : null,
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    await recordActivity(tx, { type: 'webhook.secret_rotated', actorUserId: actor.userId, businessId, ipAddress: actor.ipAddress, detail: { endpointId, url: current.url, overlapHours: hours } });
    return updated!;
  });
  return { ...endpointView(row, now.getTime()), secret };
}
