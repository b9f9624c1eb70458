import type { WebhookEndpointView } from '@core/api/webhooks';
import type { webhookEndpoints } from '../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An endpoint as the business sees it (never its secret). */
export function endpointView(row: WebhookEndpointRow, nowMs: number): WebhookEndpointView {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt.getTime() > nowMs ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason ?? null,
    disabledAt: iso(row.disabledAt),
    secretPrefix: row.secretPrefix,
    previousSecretExpiresAt: iso(overlap),
    failingSince: iso(row.failingSince),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
