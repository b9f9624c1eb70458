// API keys (issue 22, D13): the format a developer (and a secret scanner) can recognise, and what a scope allows.
// Pure: the server draws the random part and hashes the key; this module only spells and checks it.
//
// A key reads `sl_live_` + 30 random base62 characters (about 178 bits) + 6 base62 characters of checksum:
// the CRC-32 of everything before it (prefix and random part), written in base62 and left-padded with '0' to 6
// characters. A scanner finding `sl_live_[0-9A-Za-z]{36}` can confirm a real key offline (a typo or a made-up
// string fails the checksum), and the server refuses a mistyped key without looking it up.

export const API_KEY_PREFIX = 'sl_live_';
export const API_KEY_RANDOM_LENGTH = 30;
export const API_KEY_CHECKSUM_LENGTH = 6;
export const API_KEY_LENGTH = API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH + API_KEY_CHECKSUM_LENGTH;
/** How many characters of a key are kept and shown to tell keys apart (`sl_live_` and the first 4 random ones). */
export const API_KEY_SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 4;

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const apiKeyScopes = ['read', 'write'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, as zlib's crc32) of an ASCII string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i += 1) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A non-negative integer in base62, left-padded with '0' to `width`. */
export function toBase62(value: number, width: number): string {
  let out = '';
  let v = Math.floor(value);
  do {
    out = BASE62[v % 62] + out;
    v = Math.floor(v / 62);
  } while (v > 0);
  return out.padStart(width, '0');
}

/** The checksum characters of a key's body (`sl_live_` + the random part). */
export function apiKeyChecksum(body: string): string {
  return toBase62(crc32(body), API_KEY_CHECKSUM_LENGTH);
}

/** The whole key for a random part of 30 base62 characters. */
export function formatApiKey(randomPart: string): string {
  if (randomPart.length !== API_KEY_RANDOM_LENGTH || !isBase62(randomPart)) throw new Error('The random part must be 30 base62 characters');
  const body = API_KEY_PREFIX + randomPart;
  return body + apiKeyChecksum(body);
}

function isBase62(text: string): boolean {
  return /^[0-9A-Za-z]*$/.test(text);
}

/** True when `text` is spelled as a key: the prefix, 36 base62 characters, and a checksum that matches. */
export function isWellFormedApiKey(text: string): boolean {
  if (text.length !== API_KEY_LENGTH || !text.startsWith(API_KEY_PREFIX)) return false;
  const rest = text.slice(API_KEY_PREFIX.length);
  if (!isBase62(rest)) return false;
  const body = text.slice(0, API_KEY_LENGTH - API_KEY_CHECKSUM_LENGTH);
  return apiKeyChecksum(body) === text.slice(-API_KEY_CHECKSUM_LENGTH);
}

/** The part of a key kept in clear to tell keys apart in lists (`sl_live_AbCd`). */
export function apiKeyShownPrefix(key: string): string {
  return key.slice(0, API_KEY_SHOWN_PREFIX_LENGTH);
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** True when a key of `scope` may make a request with `method`: read keys only read, write keys do everything. */
export function scopeAllows(scope: ApiKeyScope, method: string): boolean {
  return scope === 'write' || READ_METHODS.has(method.toUpperCase());
}

/** The token of an `Authorization: Bearer <token>` header, or null when the header is not a bearer one. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match ? match[1]! : null;
}

/** A key's state for lists: usable, revoked by the owner, or past its expiry date. */
export type ApiKeyState = 'active' | 'revoked' | 'expired';

export function apiKeyState(key: { revokedAt: Date | string | null; expiresAt: Date | string | null }, nowMs: number): ApiKeyState {
  if (key.revokedAt) return 'revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= nowMs) return 'expired';
  return 'active';
}
