import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { clientAccessTokens } from '../../db/schema';
import type { Env } from '../../env';
import { servedDomainNames } from '../custom-domains/served-domains';
import { recordActivity } from '../activity/record-activity';
import { getBusinessClient } from './business-client';
import { decryptSecret, encryptSecret } from '../platform-settings/secret-box';
import { hashAccessToken, newAccessToken } from './secrets';

type SealEnv = Pick<Env, 'BETTER_AUTH_SECRET'>;
const sealKey = (env: SealEnv) => `${env.BETTER_AUTH_SECRET ?? ''}\nclient-access-link`;

/** The token sealed for storage beside its hash, so e-mails to the client can carry it (decision 0016). */
export function sealAccessToken(env: SealEnv, token: string): string {
  return encryptSecret(token, sealKey(env));
}

/** The token of a sealed one, or null (sealed under another secret, or tampered with). */
export function unsealAccessToken(env: SealEnv, sealed: string): string | null {
  return decryptSecret(sealed, sealKey(env));
}

/** The state of a client's access link; the token itself is shown once, when it is made. */
export interface AccessLinkState {
  active: boolean;
  createdAt: string | null;
  lastUsedAt: string | null;
}

export interface NewAccessLink extends AccessLinkState {
  active: true;
  /** The link to give the client (`{APP_URL}/portal/{portalId}?t={token}`). Not stored: shown only now. */
  url: string;
  token: string;
}

/** The portal's address: its verified custom domain when it has one (issue 23), else `{APP_URL}/portal/{portalId}`. */
export function portalUrl(env: Pick<Env, 'APP_URL'>, portalId: string, domain?: string | null): string {
  return domain ? `https://${domain}/` : `${env.APP_URL}/portal/${encodeURIComponent(portalId)}`;
}

export function accessLinkUrl(env: Pick<Env, 'APP_URL'>, portalId: string, token: string, domain?: string | null): string {
  return `${portalUrl(env, portalId, domain)}?t=${token}`;
}

/** Whether the client has an access link, and since when. */
export async function getAccessLink(db: Db, businessId: string, portalId: string, clientId: string): Promise<AccessLinkState> {
  await getBusinessClient(db, businessId, portalId, clientId);
  // The key stays with its person (D9), so the link is the client's whatever its e-mail is now.
  const [row] = await db
    .select({ createdAt: clientAccessTokens.createdAt, lastUsedAt: clientAccessTokens.lastUsedAt })
    .from(clientAccessTokens)
    .where(and(eq(clientAccessTokens.portalId, portalId), eq(clientAccessTokens.clientId, clientId)));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null, lastUsedAt: row?.lastUsedAt?.toISOString() ?? null };
}

/**
 * Makes a new access link for the client, replacing (and so invalidating) any earlier one. The new token is
 * returned once; only its hash is stored. The activity row is written in the same transaction.
 */
export async function rotateAccessLink(
  db: Db,
  env: Pick<Env, 'APP_URL' | 'BETTER_AUTH_SECRET'>,
  input: { businessId: string; portalId: string; clientId: string; actorUserId: string; ipAddress?: string | null },
): Promise<NewAccessLink> {
  const client = await getBusinessClient(db, input.businessId, input.portalId, input.clientId);
  const token = newAccessToken();
  const now = new Date();
  await db.transaction(async (tx) => {
    await storeAccessToken(tx, env, { portalId: input.portalId, clientId: input.clientId, emailNormalized: client.emailNormalized, token, now, actorUserId: input.actorUserId });
    await recordActivity(tx, {
      type: 'portal.access_link_rotated',
      actorUserId: input.actorUserId,
      businessId: input.businessId,
      ipAddress: input.ipAddress ?? null,
      detail: { portalId: input.portalId, clientId: input.clientId },
    });
  });
  const domain = (await servedDomainNames(db, [input.portalId], now.getTime())).get(input.portalId);
  return { active: true, createdAt: now.toISOString(), lastUsedAt: null, url: accessLinkUrl(env, input.portalId, token, domain), token };
}

/** Writes a client's (new) access link: its hash for lookups and its sealed form for e-mails; replaces any other. */
export async function storeAccessToken(
  q: Db | Tx,
  env: SealEnv,
  input: { portalId: string; clientId: string; emailNormalized: string; token: string; now: Date; actorUserId: string | null },
): Promise<void> {
  const values = {
    tokenHash: hashAccessToken(input.token),
    tokenSealed: sealAccessToken(env, input.token),
    emailNormalized: input.emailNormalized,
    createdAt: input.now,
    createdByUserId: input.actorUserId,
  };
  await q
    .insert(clientAccessTokens)
    .values({ portalId: input.portalId, clientId: input.clientId, ...values })
    .onConflictDoUpdate({ target: [clientAccessTokens.portalId, clientAccessTokens.clientId], set: { ...values, lastUsedAt: null } });
}

/** Revokes the client's access link: the link stops working at once. Returns whether there was one. */
export async function revokeAccessLink(
  db: Db,
  input: { businessId: string; portalId: string; clientId: string; actorUserId: string; ipAddress?: string | null },
): Promise<boolean> {
  await getBusinessClient(db, input.businessId, input.portalId, input.clientId);
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(clientAccessTokens)
      .where(and(eq(clientAccessTokens.portalId, input.portalId), eq(clientAccessTokens.clientId, input.clientId)))
      .returning({ clientId: clientAccessTokens.clientId });
    if (deleted.length > 0) {
      await recordActivity(tx, {
        type: 'portal.access_link_revoked',
        actorUserId: input.actorUserId,
        businessId: input.businessId,
        ipAddress: input.ipAddress ?? null,
        detail: { portalId: input.portalId, clientId: input.clientId },
      });
    }
    return deleted.length > 0;
  });
}
