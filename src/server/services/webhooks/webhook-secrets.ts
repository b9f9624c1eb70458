import crypto from 'node:crypto';
import { encryptSecret } from '../platform-settings/secret-box';

/** A new signing secret: `whsec_` + 32 random bytes in base64 (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

/** What lists show of a secret: `whsec_` and its first 4 characters. */
export const secretPrefix = (secret: string) => secret.slice(0, 10);

export function sealSecret(secret: string, authSecret: string): string {
  return encryptSecret(secret, authSecret);
}

