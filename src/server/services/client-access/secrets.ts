import crypto from 'node:crypto';
import type { Env } from '../../env';

// Tokens and codes of the public portal (decisions D3, decision record 0008).

/** A new access-link token: 32 random bytes (256 bits), base64url (43 characters). */
export function newAccessToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What is stored for an access token: its SHA-256, hex. The token itself is never stored. */
export function hashAccessToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** True when the text could be an access token (cheap check before hashing). */
export function looksLikeAccessToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** A new 6-digit verification code, uniformly drawn. */
export function newVerificationCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

const keys = new WeakMap<Env, { code: Buffer; session: Buffer }>();

/** Keys derived from the server secret, one per purpose. */
function keysFor(env: Env): { code: Buffer; session: Buffer } {
  let k = keys.get(env);
  if (!k) {
    const secret = env.BETTER_AUTH_SECRET;
    if (!secret) throw new Error('BETTER_AUTH_SECRET is not set');
    const derive = (purpose: string) => crypto.createHmac('sha256', secret).update(`statuslink:${purpose}`).digest();
    k = { code: derive('portal-verification-code'), session: derive('portal-card-session') };
    keys.set(env, k);
  }
  return k;
}

/** The stored form of a verification code: an HMAC over portal, client and code, so a leaked row cannot be tried offline. */
export function hashVerificationCode(env: Env, portalId: string, clientId: string, code: string): string {
  return crypto.createHmac('sha256', keysFor(env).code).update(`${portalId}\n${clientId}\n${code}`).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && crypto.timingSafeEqual(x, y);
}

/** How the holder of a card session proved who they are. */
export type SessionVia = 'link' | 'code';

export interface CardSession {
  portalId: string;
  clientId: string;
  via: SessionVia;
  /** Keyed digest of the client's normalized e-mail (holderDigest): the session is for this person. */
  holder: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Sessions opened by an access link: which link (linkReference), so revoking or rotating it ends them. */
  link?: string;
}

/** What a card session keeps of the access link it was opened with: the start of the token's stored hash. */
export function linkReference(tokenHash: string): string {
  return tokenHash.slice(0, 16);
}

/**
 * Who a card session (or check) is for: a keyed digest of the client's normalized e-mail. A sheet without an id
 * column keys clients by row (client_{row}, spec 5), so after a row is deleted the same client id names the next
 * person; a session must then open nothing rather than their card. Keyed, so a session does not reveal the e-mail.
 */
function holderDigest(env: Env, emailNormalized: string): string {
  return crypto.createHmac('sha256', keysFor(env).session).update(`holder\n${emailNormalized}`).digest('base64url').slice(0, 22);
}

/** True when the session was made for the client with this normalized e-mail. */
export function sessionIsFor(env: Env, session: CardSession, emailNormalized: string): boolean {
  const expected = Buffer.from(holderDigest(env, emailNormalized));
  const given = Buffer.from(session.holder);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** How long a verified card stays open for refresh and updates without proving again. */
export const CARD_SESSION_SECONDS = 2 * 60 * 60;

/**
 * A signed, short-lived proof that this browser opened this client's card through an access link or a verified
 * code: base64url(JSON).base64url(HMAC). Stateless; it names only ids the holder was already shown.
 */
export function signCardSession(
  env: Env,
  session: Omit<CardSession, 'exp' | 'holder'> & { emailNormalized: string },
  nowMs = Date.now(),
): string {
  const payload: CardSession = {
    portalId: session.portalId,
    clientId: session.clientId,
    via: session.via,
    holder: holderDigest(env, session.emailNormalized),
    exp: Math.floor(nowMs / 1000) + CARD_SESSION_SECONDS,
  };
  const fields = [payload.portalId, payload.clientId, payload.via, payload.holder, payload.exp];
  if (session.via === 'link') fields.push(session.link ?? '');
  const body = Buffer.from(JSON.stringify(fields)).toString('base64url');
  const mac = crypto.createHmac('sha256', keysFor(env).session).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The session a token carries, or null when it is forged, malformed or expired. */
export function readCardSession(env: Env, token: string, nowMs = Date.now()): CardSession | null {
  const dot = token.indexOf('.');
  if (dot <= 0 || token.length > 1000) return null;
  const body = token.slice(0, dot);
  const mac = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = crypto.createHmac('sha256', keysFor(env).session).update(body).digest();
  if (mac.length !== expected.length || !crypto.timingSafeEqual(mac, expected)) return null;
  try {
    const [portalId, clientId, via, holder, exp, link] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    if (typeof portalId !== 'string' || typeof clientId !== 'string' || (via !== 'link' && via !== 'code')) return null;
    if (typeof holder !== 'string' || typeof exp !== 'number') return null;
    // A link's session names its link (sessions signed before links were named end here, at most 2 hours early).
    if (via === 'link' && (typeof link !== 'string' || link.length === 0)) return null;
    if (exp * 1000 <= nowMs) return null;
    return { portalId, clientId, via, holder, exp, ...(via === 'link' ? { link: link as string } : {}) };
  } catch {
    return null;
  }
}
