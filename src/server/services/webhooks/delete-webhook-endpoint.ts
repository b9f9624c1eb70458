import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { webhookEndpoints } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import type { WebhookActor } from './create-webhook-endpoint';
import { findEndpoint } from './find-endpoint';

/** Deletes an endpoint with its deliveries; deliveries still waiting are dropped with it. */
export async function deleteWebhookEndpoint(ctx: Pick<AppContext, 'db'>, businessId: string, endpointId: string, actor: WebhookActor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await findEndpoint(tx, businessId, endpointId);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, current.id));
    await recordActivity(tx, { type: 'webhook.deleted', actorUserId: actor.userId, businessId, ipAddress: actor.ipAddress, detail: { endpointId, url: current.url } });
  });
}
