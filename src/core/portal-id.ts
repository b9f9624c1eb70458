import { z } from 'zod';
import { messages } from './messages';

// Portal ids (spec 9): 'portal_' plus 9 base-36 characters from a secure random source.

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const PORTAL_ID = /^portal_[0-9a-z]{9}$/;

/** A new portal id: 'portal_' + 9 base-36 characters, uniformly drawn from crypto.getRandomValues. */
export function generatePortalId(): string {
  let out = 'portal_';
  const bytes = new Uint8Array(16);
  while (out.length < 16) {
    globalThis.crypto.getRandomValues(bytes);
    for (const b of bytes) {
      // 252 = 7 x 36: bytes above it are dropped so every character is equally likely.
      if (b < 252 && out.length < 16) out += ALPHABET[b % 36];
    }
  }
  return out;
}

/** True when the text is a portal id. */
export function isPortalId(value: string): boolean {
  return PORTAL_ID.test(value);
}

/** A portal id in a path or body. */
export const portalIdSchema = z.string().regex(PORTAL_ID, { error: messages.portal.portalIdInvalid });
