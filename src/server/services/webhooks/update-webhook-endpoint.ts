import { eq } from 'drizzle-orm';
import type { WebhookEndpointView } from '@core/api/webhooks';
import type { AppContext } from '../../context';
import { webhookEndpoints } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import type { WebhookActor } from './create-webhook-endpoint';
import { endpointView } from './endpoint-view';
import { findEndpoint } from './find-endpoint';
import { checkWebhookUrl } from './webhook-url';

/**
 * Changes an endpoint's address, events or description, or pauses (enabled: false) and enables it again; enabling
 * clears why it was disabled and its run of failures.
 */
export async function updateWebhookEndpoint(
  ctx: Pick<AppContext, 'db' | 'clock' | 'env'>,
  businessId: string,
  endpointId: string,
  input: { url?: string; events?: string[]; description?: string; enabled?: boolean },
  actor: WebhookActor,
): Promise<WebhookEndpointView> {
  const url = input.url === undefined ? undefined : checkWebhookUrl(input.url, ctx.env);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const current = await findEndpoint(tx, businessId, endpointId);
    const enabling = input.enabled === true && !current.enabled;
    const disabling = input.enabled === false && current.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(enabling ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null } : {}),
        ...(disabling ? { enabled: false, disabledReason: 'manual' as const, disabledAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    const changed = (['url', 'events', 'description', 'enabled'] as const).filter((k) => input[k] !== undefined);
    await recordActivity(tx, { type: 'webhook.updated', actorUserId: actor.userId, businessId, ipAddress: actor.ipAddress, detail: { endpointId, url: row!.url, changed } });
    return endpointView(row!, now.getTime());
  });
}
