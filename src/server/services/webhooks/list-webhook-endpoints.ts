import { asc, eq } from 'drizzle-orm';
import type { WebhookList } from '@core/api/webhooks';
import type { AppContext } from '../../context';
import { webhookEndpoints } from '../../db/schema';
import { endpointView } from './endpoint-view';

/** The business's endpoints, oldest first. */
export async function listWebhookEndpoints(ctx: Pick<AppContext, 'db' | 'clock'>, businessId: string): Promise<WebhookList> {
  const rows = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.businessId, businessId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  const nowMs = ctx.clock.nowMs();
  return { webhooks: rows.map((r) => endpointView(r, nowMs)) };
}
