import crypto from 'node:crypto';

// API keys of outside services, encrypted at rest with AES-256-GCM. The key is derived (HKDF-SHA256) from
// BETTER_AUTH_SECRET, so it never sits in the database beside the ciphertext.

const VERSION = 'v1';
const INFO = 'statuslink:platform-secrets:v1';

/** Derived keys by secret: deriving costs more than the encryption itself (client e-mails seal thousands at once). */
const derived = new Map<string, Buffer>();

function keyFrom(secret: string): Buffer {
  let key = derived.get(secret);
  if (!key) {
    key = Buffer.from(crypto.hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), Buffer.from(INFO, 'utf8'), 32));
    if (derived.size > 20) derived.clear();
    derived.set(secret, key);
  }
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
export function encryptSecret(plain: string, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
}

/** The plain value, or null when the box was sealed with another key or tampered with. */
export function decryptSecret(box: string, secret: string): string | null {
  const [version, iv, tag, ct] = box.split('.');
  if (version !== VERSION || !iv || !tag || ct === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** What the back office shows of a key: never the value, at most its last four characters. */
export function maskSecret(plain: string): string {
  const dots = '••••••••';
  return plain.length >= 12 ? `${dots}${plain.slice(-4)}` : dots;
}
