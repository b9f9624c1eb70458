import { WEBHOOK_TEST_EVENT } from '@core/webhooks';
import type { AppContext } from '../../context';
import { enqueueWebhooks } from './enqueue-webhooks';
import { findEndpoint } from './find-endpoint';

/**
 * Sends a `webhook.test` event to one endpoint (even a disabled one, to check it before enabling it again), through
 * the same queue, signing and retries as real events. Returns the delivery's id.
 */
export async function sendTestWebhook(ctx: Pick<AppContext, 'db' | 'clock' | 'jobs'>, businessId: string, endpointId: string): Promise<{ deliveryId: string }> {
  return ctx.db.transaction(async (tx) => {
    const endpoint = await findEndpoint(tx, businessId, endpointId);
    const data = {
      message: 'This is a test event from StatusLink. Verify its signature as you would any other event.',
      endpointId: endpoint.id,
    };
    const [deliveryId] = await enqueueWebhooks(ctx, tx, [{ businessId, type: WEBHOOK_TEST_EVENT, data }], {
      endpoints: [{ id: endpoint.id, businessId, events: endpoint.events }],
      test: true,
    });
    return { deliveryId: deliveryId! };
  });
}
