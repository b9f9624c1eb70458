import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client';
import type { CacheTiming } from '../../lib/timed-value';
import { webhookEndpoints } from '../../db/schema';
import { decryptSecret } from '../platform-settings/secret-box';
import type { WebhookEndpointRow } from './endpoint-view';

/** An endpoint as delivery needs it: its row, and signers for its secrets (decrypted once). */
export interface DeliveryEndpoint {
  row: WebhookEndpointRow;
  current: Webhook;
  previous: Webhook | null;
}

/**
 * Endpoints read for delivery, kept WEBHOOK_ENDPOINT_CACHE_MS (2 seconds by default) of real time and of the app's
 * clock alike (a test's clock that stands still does not keep an entry longer): a burst of deliveries to one endpoint
 * reads it (and decrypts its secrets) once. A change to the endpoint (address, secret, paused) reaches deliveries
 * within that time; a failure always reads it afresh (its run of failures decides whether it is disabled).
 */
export function createEndpointCache(db: Db, authSecret: string, timing: CacheTiming) {
  const freshMs = timing.maxAgeMs;
  const entries = new Map<string, { value: DeliveryEndpoint | null; atReal: number; atClock: number }>();
  const load = async (id: string): Promise<DeliveryEndpoint | null> => {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) return null;
    const current = decryptSecret(row.secretBox, authSecret);
    if (!current) throw new Error('The signing secret of this endpoint cannot be read (was BETTER_AUTH_SECRET changed?)');
    const previous = row.previousSecretBox ? decryptSecret(row.previousSecretBox, authSecret) : null;
    return { row, current: new Webhook(current), previous: previous ? new Webhook(previous) : null };
  };
  return {
    async get(id: string, options: { fresh?: boolean } = {}): Promise<DeliveryEndpoint | null> {
      const hit = entries.get(id);
      if (!options.fresh && hit && performance.now() - hit.atReal < freshMs && Math.abs(timing.clock.nowMs() - hit.atClock) < freshMs) return hit.value;
      const value = await load(id);
      entries.set(id, { value, atReal: performance.now(), atClock: timing.clock.nowMs() });
      if (entries.size > 5000) entries.delete(entries.keys().next().value!);
      return value;
    },
    forget(id: string) {
      entries.delete(id);
    },
  };
}
export type EndpointCache = ReturnType<typeof createEndpointCache>;

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` (the message id, the same on every attempt),
 * `webhook-timestamp` (seconds, this attempt's time) and `webhook-signature` (`v1,<base64>` for the current secret
 * and, during a rotation's overlap, the previous one, space-separated), signed with the standardwebhooks package.
 */
export function deliveryHeaders(endpoint: DeliveryEndpoint, messageId: string, at: Date, body: string): Record<string, string> {
  const overlap = endpoint.previous && endpoint.row.previousSecretExpiresAt && endpoint.row.previousSecretExpiresAt.getTime() > at.getTime();
  const signers = overlap ? [endpoint.current, endpoint.previous!] : [endpoint.current];
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signers.map((s) => s.sign(messageId, at, body)).join(' '),
  };
}
