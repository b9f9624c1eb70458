import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { decryptSecret, encryptSecret } from '../platform-settings/secret-box';
import type { webhookEndpoints } from '../../db/schema';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** A new signing secret: `whsec_` + 32 random bytes in base64 (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

/** What lists show of a secret: `whsec_` and its first 4 characters. */
export const secretPrefix = (secret: string) => secret.slice(0, 10);

export function sealSecret(secret: string, authSecret: string): string {
  return encryptSecret(secret, authSecret);
}

/** The secrets that sign a message at `now`: the current one, and the previous one during a rotation's overlap. */
export function signingSecrets(endpoint: Pick<EndpointRow, 'secretBox' | 'previousSecretBox' | 'previousSecretExpiresAt'>, authSecret: string, nowMs: number): string[] {
  const current = decryptSecret(endpoint.secretBox, authSecret);
  if (!current) throw new Error('The signing secret of this endpoint cannot be read (was BETTER_AUTH_SECRET changed?)');
  const previous =
    endpoint.previousSecretBox && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt.getTime() > nowMs
      ? decryptSecret(endpoint.previousSecretBox, authSecret)
      : null;
  return previous ? [current, previous] : [current];
}

/**
 * The Standard Webhooks headers of one attempt: `webhook-id` (the message id, the same on every attempt),
 * `webhook-timestamp` (seconds, this attempt's time) and `webhook-signature` (`v1,<base64>` for each secret,
 * space-separated), signed with the standardwebhooks package.
 */
export function signedHeaders(messageId: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  const signatures = secrets.map((secret) => new Webhook(secret).sign(messageId, at, body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
