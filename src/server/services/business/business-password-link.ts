import crypto from 'node:crypto';
import type { Tx } from '../../db/client';
import { storedResetIdentifier } from '../../auth/reset-token';
import { verifications } from '../../db/schema';

/** How long the "choose your password" link of a business added by an operator stays valid. */
export const PASSWORD_LINK_HOURS = 72;

/**
 * A password link in better-auth's own reset-token format (`reset-password:<token>` in verifications, hashed), so the
 * owner chooses the password on /reset-password, with the platform's password policy.
 */
export async function createPasswordLinkToken(tx: Tx, userId: string, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(24).toString('base64url');
  await tx.insert(verifications).values({
    id: crypto.randomUUID(),
    identifier: storedResetIdentifier(token),
    value: userId,
    expiresAt: new Date(now.getTime() + PASSWORD_LINK_HOURS * 3_600_000),
    createdAt: now,
    updatedAt: now,
  });
  return token;
}

/** The link e-mailed to the owner; `welcome=1` makes the page say "Choose Your Password" rather than "Reset". */
export function passwordLinkUrl(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}&welcome=1`;
}
