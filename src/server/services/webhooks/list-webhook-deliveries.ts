import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { WebhookDeliveryList, WebhookDeliveryView } from '@core/api/webhooks';
import type { WebhookDeliveryState } from '@core/webhooks';
import type { AppContext } from '../../context';
import { webhookDeliveries } from '../../db/schema';
import { ValidationError } from '../../errors';
import { findEndpoint } from './find-endpoint';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function deliveryView(row: DeliveryRow): WebhookDeliveryView {
  let payload: unknown;
  try {
    payload = JSON.parse(row.body);
  } catch {
    payload = row.body;
  }
  return {
    id: row.id,
    eventType: row.eventType,
    test: row.test,
    state: row.state,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
    statusCode: row.lastStatusCode,
    error: row.lastError,
    responseExcerpt: row.responseExcerpt,
    durationMs: row.lastDurationMs,
    payload,
    history: row.history,
  };
}

/** `<created at ISO>|<id>`, base64url: where the next page starts. */
const encodeCursor = (row: DeliveryRow) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime())) throw new ValidationError('The cursor is not valid');
  return { at: date, id };
}

/** An endpoint's deliveries, newest first, a page at a time (optionally of one state). */
export async function listWebhookDeliveries(
  ctx: Pick<AppContext, 'db'>,
  businessId: string,
  endpointId: string,
  query: { state?: WebhookDeliveryState; limit: number; cursor?: string },
): Promise<WebhookDeliveryList> {
  const endpoint = await findEndpoint(ctx.db, businessId, endpointId);
  const filters: SQL[] = [eq(webhookDeliveries.endpointId, endpoint.id)];
  if (query.state) filters.push(eq(webhookDeliveries.state, query.state));
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    filters.push(or(lt(webhookDeliveries.createdAt, c.at), and(eq(webhookDeliveries.createdAt, c.at), lt(webhookDeliveries.id, c.id)))!);
  }
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(...filters))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return { deliveries: page.map(deliveryView), nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null };
}
