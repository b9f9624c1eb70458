import crypto from 'node:crypto';
import { BASE62, API_KEY_RANDOM_LENGTH, formatApiKey } from '@core/api-keys';

/** `length` base62 characters from the system's random source, without bias (rejection of bytes 248-255). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.randomBytes(length * 2)) {
      if (byte >= 248) continue;
      out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new key: `sl_live_`, 30 random base62 characters (about 178 bits) and its checksum (core/api-keys.ts). */
export function newApiKey(): string {
  return formatApiKey(randomBase62(API_KEY_RANDOM_LENGTH));
}

/** How a key is stored and looked up: SHA-256, hex. */
export function hashApiKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}
