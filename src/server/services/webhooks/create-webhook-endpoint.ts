import { count, eq } from 'drizzle-orm';
import type { CreateWebhookBody, CreatedWebhook } from '@core/api/webhooks';
import { messages } from '@core/messages';
import type { AppContext } from '../../context';
import { webhookEndpoints } from '../../db/schema';
import { ConflictError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { randomBase62 } from '../api-keys/key-secrets';
import { requirePlanFeature } from '../business/plan-access';
import { endpointView } from './endpoint-view';
import { checkWebhookUrl } from './webhook-url';
import { newWebhookSecret, sealSecret, secretPrefix } from './webhook-secrets';

export const MAX_WEBHOOK_ENDPOINTS = 20;

export interface WebhookActor {
  userId: string;
  ipAddress: string | null;
}

/** Adds an endpoint (Business and Enterprise plans); the answer holds its signing secret, shown here once. */
export async function createWebhookEndpoint(
  ctx: Pick<AppContext, 'db' | 'clock' | 'env'>,
  business: { id: string; plan: string },
  input: { url: string; events: string[]; description?: string },
  actor: WebhookActor,
): Promise<CreatedWebhook> {
  requirePlanFeature(business, 'api');
  const url = checkWebhookUrl(input.url, ctx.env);
  const now = ctx.clock.now();
  const secret = newWebhookSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.businessId, business.id));
    if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new ConflictError(messages.webhooks.limitReached(MAX_WEBHOOK_ENDPOINTS), 'webhook_limit');
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        id: `ep_${randomBase62(16)}`,
        businessId: business.id,
        url,
        description: input.description ?? '',
        events: input.events,
        secretBox: sealSecret(secret, ctx.env.BETTER_AUTH_SECRET ?? ''),
        secretPrefix: secretPrefix(secret),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordActivity(tx, { type: 'webhook.created', actorUserId: actor.userId, businessId: business.id, ipAddress: actor.ipAddress, detail: { endpointId: created!.id, url, events: input.events } });
    return created!;
  });
  return { ...endpointView(row, now.getTime()), secret };
}

export type { CreateWebhookBody };
