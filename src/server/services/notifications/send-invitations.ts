import crypto from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { InvitationResult } from '@core/api/notifications';
import { notificationTexts as texts } from '@core/notification-texts';
import { isEmail } from '@core/validation/email';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { clientAccessTokens, clientNotificationPrefs, clients, emailBounces, notificationMessages } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import { clientNotFoundMessage } from '../client-access/business-client';
import { hashAccessToken, newAccessToken } from '../client-access/secrets';
import { sealAccessToken } from '../client-access/access-link';
import { getPortalRow } from '../portals/get-portal';
import { sendEmailsJob } from './notification-jobs';

const CHUNK = 1000;

export interface InvitationInput {
  clientIds?: string[];
  all?: boolean;
  rotateLinks?: boolean;
}

interface Candidate {
  clientId: string;
  name: string;
  email: string;
  emailNormalized: string;
  optedOut: boolean | null;
  bounced: string | null;
}

async function candidates(ctx: AppContext, portalId: string, businessId: string, input: InvitationInput): Promise<Candidate[]> {
  const ids = input.all ? null : [...new Set(input.clientIds ?? [])];
  const out: Candidate[] = [];
  const load = (only: string[] | null) =>
    ctx.db
      .select({
        clientId: clients.clientId,
        name: clients.name,
        email: clients.email,
        emailNormalized: clients.emailNormalized,
        optedOut: clientNotificationPrefs.emailOptOut,
        bounced: emailBounces.reason,
      })
      .from(clients)
      .leftJoin(clientNotificationPrefs, and(eq(clientNotificationPrefs.portalId, clients.portalId), eq(clientNotificationPrefs.emailNormalized, clients.emailNormalized)))
      .leftJoin(emailBounces, and(eq(emailBounces.businessId, businessId), eq(emailBounces.emailNormalized, clients.emailNormalized)))
      .where(and(eq(clients.portalId, portalId), isNull(clients.removedAt), only ? inArray(clients.clientId, only) : undefined))
      .orderBy(clients.row);
  if (ids === null) return load(null);
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await load(ids.slice(i, i + CHUNK))));
  return out;
}

/** Why a client is not invited, or null. */
function skipReason(c: Candidate): string | null {
  if (!isEmail(c.email.trim())) return texts.skipped.invalidAddress(c.email);
  if (c.optedOut) return texts.skipped.optedOut;
  if (c.bounced) return texts.skipped.bouncing;
  return null;
}

/** New access links for these clients (the old ones stop working), hashed for lookups and sealed for the e-mail. */
async function rotateLinks(ctx: AppContext, tx: Tx, portalId: string, list: Candidate[], now: Date, userId: string): Promise<void> {
  for (let i = 0; i < list.length; i += CHUNK) {
    const rows = list.slice(i, i + CHUNK).map((c) => {
      const token = newAccessToken();
      return { portalId, clientId: c.clientId, tokenHash: hashAccessToken(token), tokenSealed: sealAccessToken(ctx.env, token), emailNormalized: c.emailNormalized, createdAt: now, createdByUserId: userId };
    });
    await tx
      .insert(clientAccessTokens)
      .values(rows)
      .onConflictDoUpdate({
        target: [clientAccessTokens.portalId, clientAccessTokens.clientId],
        set: {
          tokenHash: sql`excluded.token_hash`,
          tokenSealed: sql`excluded.token_sealed`,
          emailNormalized: sql`excluded.email_normalized`,
          createdAt: sql`excluded.created_at`,
          createdByUserId: sql`excluded.created_by_user_id`,
          lastUsedAt: null,
        },
      });
  }
}

/**
 * Invites one, some or all clients of the business's portal (issue 19 item 1): each gets an e-mail with their
 * personal access link, in the business's name. Existing links are kept unless `rotateLinks` (then every invited
 * client gets a new one and the old stop working). Clients without a usable address, opted out or bouncing are
 * skipped, each with the reason; a client already waiting for an invitation is not invited twice. Everything is
 * written in one transaction with the activity row; the queue sends.
 */
export async function sendInvitations(
  ctx: AppContext,
  businessId: string,
  portalId: string,
  input: InvitationInput,
  actor: { userId: string; ipAddress?: string | null },
): Promise<InvitationResult> {
  await getPortalRow(ctx.db, businessId, portalId);
  const found = await candidates(ctx, portalId, businessId, input);
  const skipped: InvitationResult['skipped'] = [];
  if (!input.all) {
    const known = new Set(found.map((c) => c.clientId));
    for (const id of new Set(input.clientIds ?? [])) if (!known.has(id)) skipped.push({ clientId: id, name: '', email: '', reason: clientNotFoundMessage });
  }
  const invite: Candidate[] = [];
  for (const c of found) {
    const reason = skipReason(c);
    if (reason) skipped.push({ clientId: c.clientId, name: c.name, email: c.email, reason });
    else invite.push(c);
  }
  const now = ctx.clock.now();
  const queued = await ctx.db.transaction(async (tx) => {
    let written = 0;
    let first: string | undefined;
    for (let i = 0; i < invite.length; i += CHUNK) {
      const rows = invite.slice(i, i + CHUNK).map((c) => ({
        id: crypto.randomUUID(),
        businessId,
        portalId,
        clientId: c.clientId,
        channel: 'email' as const,
        purpose: 'invitation' as const,
        state: 'pending' as const,
        sendAfter: now,
        createdByUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
      }));
      const inserted = await tx
        .insert(notificationMessages)
        .values(rows)
        .onConflictDoNothing({
          target: [notificationMessages.portalId, notificationMessages.clientId, notificationMessages.channel, notificationMessages.purpose],
          where: sql`state in ('pending', 'held')`,
        })
        .returning({ id: notificationMessages.id, clientId: notificationMessages.clientId });
      const done = new Set(inserted.map((r) => r.clientId));
      for (const c of invite.slice(i, i + CHUNK)) if (!done.has(c.clientId)) skipped.push({ clientId: c.clientId, name: c.name, email: c.email, reason: texts.skipped.alreadyInvited });
      if (input.rotateLinks) await rotateLinks(ctx, tx, portalId, invite.slice(i, i + CHUNK).filter((c) => done.has(c.clientId)), now, actor.userId);
      written += inserted.length;
      first ??= inserted[0]?.id;
    }
    if (first) await ctx.jobs.enqueue(tx, [sendEmailsJob(portalId, now, { opened: first })]);
    await recordActivity(tx, {
      type: 'portal.clients_invited',
      actorUserId: actor.userId,
      businessId,
      ipAddress: actor.ipAddress ?? null,
      detail: { portalId, queued: written, skipped: skipped.length, rotatedLinks: Boolean(input.rotateLinks) },
    });
    return written;
  });
  ctx.jobs.poke();
  return { queued, skipped };
}
