import { and, eq } from 'drizzle-orm';
import { messages } from '@core/messages';
import type { Db, Tx } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { WebhookEndpointRow } from './endpoint-view';

/** One of the business's endpoints; another business's (or none) is not found. */
export async function findEndpoint(q: Db | Tx, businessId: string, endpointId: string): Promise<WebhookEndpointRow> {
  const [row] = await q.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.businessId, businessId)));
  if (!row) throw new NotFoundError(messages.webhooks.notFound);
  return row;
}
