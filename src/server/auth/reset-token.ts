import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verifications } from '../db/schema';

/** better-auth's identifier of a password-reset token in the verifications table. */
const RESET_PREFIX = 'reset-password:';

/**
 * Reset tokens are stored hashed (security checklist 3): better-auth hashes the identifier before it writes or
 * looks up the row, so the table never holds a usable link. Other verification rows keep better-auth's default.
 */
export const verificationStorage = {
  storeIdentifier: { default: 'plain' as const, overrides: { [RESET_PREFIX]: 'hashed' as const } },
};

/** The stored identifier of a reset token, as better-auth's 'hashed' option computes it (SHA-256, base64url). */
export function storedResetIdentifier(token: string): string {
  return crypto.createHash('sha256').update(`${RESET_PREFIX}${token}`, 'utf8').digest('base64url');
}

/**
 * True while a reset (or welcome) link can still set a password: its row exists (a used link's row is deleted by
 * better-auth) and has not expired. The reset page asks first, so a used link says so before the form is filled in.
 */
export async function isResetTokenUsable(db: Db, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, storedResetIdentifier(token)))
    .limit(1);
  return row !== undefined && row.expiresAt.getTime() > now.getTime();
}
