import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { portalVerificationCodes } from '../../db/schema';
import { sendTemplateEmail, type ClientSender } from '../email-templates/send-template-email';
import { hashVerificationCode, newVerificationCode, sameDigest } from './secrets';

// Verification before the card (decisions D3): a 6-digit code e-mailed to the client's address on file, valid 10
// minutes and 5 tries; a new code replaces the old one.

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** No second code to the same client within this time: the first one is still valid. */
export const CODE_RESEND_COOLDOWN_MS = 60_000;
/** At most this many codes per client per hour (a mailbox is not a target). */
export const CODE_MAX_PER_HOUR = 5;

type Ctx = Pick<AppContext, 'db' | 'env' | 'mailer' | 'settings' | 'logger' | 'rateStore' | 'clock'>;

export interface CodeRecipient {
  portalId: string;
  clientId: string;
  name: string;
  email: string;
}

/**
 * Issues a code to the client and e-mails it, unless one went out within the cooldown or the hourly cap is
 * reached (then nothing happens: the answer to the visitor is the same). The e-mail is sent without making the
 * caller wait, so the answer takes the same time whether or not a client matched. Returns the code issued, or
 * null. `deliver: false` (the demo portal, whose clients are made up) sends no e-mail and skips cooldown and cap.
 * `sender`: the business, whose name the e-mail is sent under (without the platform's marks on white-label plans).
 */
export async function issueVerificationCode(
  ctx: Ctx,
  recipient: CodeRecipient,
  sender: ClientSender,
  options: { deliver?: boolean } = {},
): Promise<string | null> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const deliver = options.deliver !== false;
  const [current] = await db
    .select({ createdAt: portalVerificationCodes.createdAt, expiresAt: portalVerificationCodes.expiresAt, attempts: portalVerificationCodes.attempts })
    .from(portalVerificationCodes)
    .where(and(eq(portalVerificationCodes.portalId, recipient.portalId), eq(portalVerificationCodes.clientId, recipient.clientId)));
  const live = current && current.expiresAt > now && current.attempts < CODE_MAX_ATTEMPTS;
  if (deliver) {
    if (live && now.getTime() - current.createdAt.getTime() < CODE_RESEND_COOLDOWN_MS) return null;
    const hourly = await ctx.rateStore.hit(`portal-code:${recipient.portalId}:${recipient.clientId}`, 60 * 60_000);
    if (hourly.count > CODE_MAX_PER_HOUR) return null;
  }

  const code = newVerificationCode();
  const values = {
    portalId: recipient.portalId,
    clientId: recipient.clientId,
    codeHash: hashVerificationCode(ctx.env, recipient.portalId, recipient.clientId, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    attempts: 0,
    createdAt: now,
  };
  await db
    .insert(portalVerificationCodes)
    .values(values)
    .onConflictDoUpdate({
      target: [portalVerificationCodes.portalId, portalVerificationCodes.clientId],
      set: { codeHash: values.codeHash, expiresAt: values.expiresAt, attempts: 0, createdAt: now },
    });
  if (deliver) {
    void sendTemplateEmail(ctx, 'portal_verification_code', recipient.email, {
      clientName: recipient.name,
      companyName: sender.name,
      code,
      minutes: String(CODE_TTL_MINUTES),
    }, { client: sender }).catch((err: unknown) => ctx.logger.warn({ err, portalId: recipient.portalId }, 'could not send a portal verification code'));
  }
  return code;
}

/**
 * Checks a code against each candidate client's live code. A match uses the code up and returns that client;
 * otherwise every candidate's live code loses one try (at 5 it is dead). Expired, dead, missing and wrong codes
 * all answer null alike.
 */
export async function consumeVerificationCode(
  ctx: Pick<Ctx, 'db' | 'env' | 'clock'>,
  portalId: string,
  clientIds: string[],
  code: string,
): Promise<string | null> {
  if (clientIds.length === 0) return null;
  const { db } = ctx;
  const now = ctx.clock.now();
  for (const clientId of clientIds) {
    const [row] = await db
      .select({ codeHash: portalVerificationCodes.codeHash })
      .from(portalVerificationCodes)
      .where(
        and(
          eq(portalVerificationCodes.portalId, portalId),
          eq(portalVerificationCodes.clientId, clientId),
          gt(portalVerificationCodes.expiresAt, now),
          lt(portalVerificationCodes.attempts, CODE_MAX_ATTEMPTS),
        ),
      );
    if (!row) continue;
    if (sameDigest(row.codeHash, hashVerificationCode(ctx.env, portalId, clientId, code))) {
      // Delete-and-check makes the code single use even with two requests at once.
      const used = await db
        .delete(portalVerificationCodes)
        .where(
          and(
            eq(portalVerificationCodes.portalId, portalId),
            eq(portalVerificationCodes.clientId, clientId),
            eq(portalVerificationCodes.codeHash, row.codeHash),
            lt(portalVerificationCodes.attempts, CODE_MAX_ATTEMPTS),
          ),
        )
        .returning({ clientId: portalVerificationCodes.clientId });
      if (used.length > 0) return clientId;
    }
  }
  for (const clientId of clientIds) {
    await db
      .update(portalVerificationCodes)
      .set({ attempts: sql`${portalVerificationCodes.attempts} + 1` })
      .where(
        and(
          eq(portalVerificationCodes.portalId, portalId),
          eq(portalVerificationCodes.clientId, clientId),
          gt(portalVerificationCodes.expiresAt, now),
          lt(portalVerificationCodes.attempts, CODE_MAX_ATTEMPTS),
        ),
      );
  }
  return null;
}
