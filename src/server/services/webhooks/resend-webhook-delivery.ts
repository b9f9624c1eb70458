import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { WebhookDeliveryView } from '@core/api/webhooks';
import { messages } from '@core/messages';
import type { AppContext } from '../../context';
import { webhookDeliveries } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import { endpointDeliveriesJob } from './enqueue-webhooks';
import { findEndpoint } from './find-endpoint';
import { deliveryView } from './list-webhook-deliveries';

/**
 * Sends a delivery again, now: the same message (id and body, signed anew), one more attempt without further retries.
 * 409 while the delivery is still being tried. Each resend has a job of its own (its key is new each time: a resend
 * to a disabled endpoint counts no attempt, so a key made of the attempts would be the next resend's too, and that
 * one would be dropped, its delivery left pending).
 */
export async function resendWebhookDelivery(
  ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>,
  businessId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryView> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, businessId, endpointId);
    const [current] = await tx.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)));
    if (!current) throw new NotFoundError(messages.webhooks.deliveryNotFound);
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ state: 'pending', maxAttempts: current.attempts + 1, nextAttemptAt: now })
      .where(and(eq(webhookDeliveries.id, current.id), ne(webhookDeliveries.state, 'pending')))
      .returning();
    if (!row) throw new ConflictError(messages.webhooks.stillPending, 'delivery_pending');
    await ctx.jobs.enqueue(tx, [endpointDeliveriesJob(endpoint.id, `resend:${row.id}:${randomUUID()}`)]);
    ctx.jobs.poke();
    return deliveryView(row);
  });
}
