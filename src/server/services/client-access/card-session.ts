import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientAccessTokens } from '../../db/schema';
import type { Env } from '../../env';
import { type CardSession, linkReference, readCardSession } from './secrets';

/**
 * The card session a visitor sends, when it is still good for this portal: signed by us, not expired, and, for a
 * session opened with an access link, that link is still the client's (revoking or rotating it ends the session).
 * Null otherwise (the caller answers 401 session_expired).
 */
export async function openCardSession(ctx: { db: Db; env: Env }, portalId: string, token: string, nowMs = Date.now()): Promise<CardSession | null> {
  const session = readCardSession(ctx.env, token, nowMs);
  if (!session || session.portalId !== portalId) return null;
  if (session.via === 'link' && !(await linkStillCurrent(ctx.db, session))) return null;
  return session;
}

async function linkStillCurrent(db: Db, session: CardSession): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: clientAccessTokens.tokenHash })
    .from(clientAccessTokens)
    .where(and(eq(clientAccessTokens.portalId, session.portalId), eq(clientAccessTokens.clientId, session.clientId)));
  return row !== undefined && linkReference(row.tokenHash) === session.link;
}
