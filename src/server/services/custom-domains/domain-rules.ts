import crypto from 'node:crypto';
import { and, eq, ne, or } from 'drizzle-orm';
import { domainMessages, platformDomainsOf } from '@core/custom-domains';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { customDomains } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import type { CustomDomainRow } from './domain-view';

/** The platform's own domains (no custom domain may be one of them or under them). */
export function platformDomains(env: Pick<Env, 'APP_URL' | 'PORTAL_DOMAIN_TARGET'>): string[] {
  return platformDomainsOf([new URL(env.APP_URL).hostname, env.PORTAL_DOMAIN_TARGET]);
}

/** A new TXT token: 128 random bits. */
export function newDomainToken(): string {
  return `statuslink-verify-${crypto.randomBytes(16).toString('hex')}`;
}

/** A PostgreSQL unique violation (PGlite and node-postgres both carry the SQLSTATE, maybe under `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The portal's domain of that name (the portal already checked to be the business's), or 404. */
export async function findPortalDomain(db: Db, portalId: string, name: string): Promise<CustomDomainRow> {
  const [row] = await db
    .select()
    .from(customDomains)
    .where(and(eq(customDomains.portalId, portalId), eq(customDomains.name, name)));
  if (!row) throw new NotFoundError(domainMessages.notFound, 'domain_not_found');
  return row;
}

/** 409 when another portal already serves the name (a proven claim). */
export async function refuseTakenName(db: Db, name: string, portalId: string): Promise<void> {
  const [other] = await db
    .select({ id: customDomains.id })
    .from(customDomains)
    .where(and(eq(customDomains.name, name), ne(customDomains.status, 'pending'), ne(customDomains.portalId, portalId)));
  if (other) throw new ConflictError(domainMessages.taken(name), 'domain_taken');
}

/** Names proven once: verified, or failing within their 7 days (the only ones that may be served). */
export const proven = or(eq(customDomains.status, 'verified'), eq(customDomains.status, 'failing'));
