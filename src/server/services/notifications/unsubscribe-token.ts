import type { Env } from '../../env';
import { decryptSecret, encryptSecret } from '../platform-settings/secret-box';

// The unsubscribe link of client e-mails (RFC 8058): a sealed, opaque token naming the portal and the address it
// was sent to, so the link works without signing in and for as long as the server secret stays, and reveals nothing.

const purposeKey = (env: Pick<Env, 'BETTER_AUTH_SECRET'>) => `${env.BETTER_AUTH_SECRET ?? ''}\nclient-unsubscribe`;

export interface UnsubscribeTarget {
  portalId: string;
  emailNormalized: string;
}

export function unsubscribeToken(env: Pick<Env, 'BETTER_AUTH_SECRET'>, target: UnsubscribeTarget): string {
  return Buffer.from(encryptSecret(JSON.stringify([target.portalId, target.emailNormalized]), purposeKey(env)), 'utf8').toString('base64url');
}

/** The portal and address a token names, or null when it is not one of ours. */
export function readUnsubscribeToken(env: Pick<Env, 'BETTER_AUTH_SECRET'>, token: string): UnsubscribeTarget | null {
  if (token.length > 600 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const plain = decryptSecret(Buffer.from(token, 'base64url').toString('utf8'), purposeKey(env));
  if (!plain) return null;
  try {
    const [portalId, emailNormalized] = JSON.parse(plain) as unknown[];
    return typeof portalId === 'string' && typeof emailNormalized === 'string' ? { portalId, emailNormalized } : null;
  } catch {
    return null;
  }
}

/** The API address mail programs POST to (List-Unsubscribe) and the page a person opens (the visible link). */
export function unsubscribeUrls(env: Pick<Env, 'APP_URL' | 'BETTER_AUTH_SECRET'>, target: UnsubscribeTarget): { oneClick: string; page: string } {
  const t = unsubscribeToken(env, target);
  return { oneClick: `${env.APP_URL}/api/public/unsubscribe?t=${t}`, page: `${env.APP_URL}/unsubscribe?t=${t}` };
}
