import { and, eq, isNull } from 'drizzle-orm';
import { domainCheckProblems, nextDomainState } from '@core/custom-domains';
import type { AppContext } from '../../context';
import { customDomains } from '../../db/schema';
import { createResolver, lookupDomainRecords } from '../../integrations/dns/domain-records';
import type { CustomDomainRow } from './domain-view';
import { forgetServedDomain } from './served-domains';

/** What DNS says is missing or wrong for the name (empty: both records are right). Throws DnsLookupError. */
export async function domainProblems(ctx: AppContext, row: CustomDomainRow): Promise<string[]> {
  const target = ctx.env.PORTAL_DOMAIN_TARGET;
  const found = await lookupDomainRecords(createResolver(ctx.env.DNS_RESOLVER), row.name, target);
  return domainCheckProblems(row.name, target, row.token, found);
}

/**
 * Stores a check's outcome: verified when both records are right, flagged (served 7 more days) when a verified name
 * fails. Only if nobody stored another check since `row` was read (`checkedAt` unchanged), so with several
 * instances one check counts. Returns the row as stored and whether it was just flagged; null when another won.
 */
export async function storeCheck(ctx: AppContext, row: CustomDomainRow, problems: string[]): Promise<{ row: CustomDomainRow; flagged: boolean } | null> {
  const now = ctx.clock.now();
  const next = nextDomainState(row, problems.length === 0, now.getTime());
  const [stored] = await ctx.db
    .update(customDomains)
    .set({ status: next.status, servedUntil: next.servedUntil, problems, checkedAt: now, ...(problems.length === 0 && !row.verifiedAt ? { verifiedAt: now } : {}) })
    .where(and(eq(customDomains.id, row.id), row.checkedAt ? eq(customDomains.checkedAt, row.checkedAt) : isNull(customDomains.checkedAt)))
    .returning();
  forgetServedDomain(ctx, row.name);
  return stored ? { row: stored, flagged: next.flagged } : null;
}
