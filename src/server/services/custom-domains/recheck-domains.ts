import { and, eq, isNull, lte, or } from 'drizzle-orm';
import { DOMAIN_GRACE_DAYS, DOMAIN_RECHECK_MS } from '@core/custom-domains';
import type { AppContext } from '../../context';
import { businessProfiles, customDomains, users } from '../../db/schema';
import { DnsLookupError } from '../../integrations/dns/domain-records';
import { recordActivity } from '../activity/record-activity';
import { domainProblems, storeCheck } from './check-domain';
import type { CustomDomainRow } from './domain-view';
import { proven } from './domain-rules';

/**
 * The daily re-check of proven names (run by any instance every few minutes; each name is due once a day and
 * claimed by the check that stores first). A verified name that stopped pointing at us is flagged, its owner
 * e-mailed, and it keeps being served 7 days; a flagged one fixed meanwhile is verified again. A DNS server that does
 * not answer changes nothing (checked again on the next pass). Returns how many were checked and flagged.
 */
export async function recheckDomains(ctx: AppContext): Promise<{ checked: number; flagged: number }> {
  const dueBefore = new Date(ctx.clock.nowMs() - DOMAIN_RECHECK_MS);
  const due = await ctx.db
    .select()
    .from(customDomains)
    .where(and(proven, or(isNull(customDomains.checkedAt), lte(customDomains.checkedAt, dueBefore))))
    .limit(500);
  const result = { checked: 0, flagged: 0 };
  for (const row of due) {
    const problems = await problemsOrNull(ctx, row);
    if (problems === null) continue;
    const stored = await storeCheck(ctx, row, problems);
    if (!stored) continue;
    result.checked += 1;
    if (stored.flagged) {
      result.flagged += 1;
      await tellOwner(ctx, stored.row);
    }
  }
  return result;
}

async function problemsOrNull(ctx: AppContext, row: CustomDomainRow): Promise<string[] | null> {
  try {
    return await domainProblems(ctx, row);
  } catch (err) {
    if (!(err instanceof DnsLookupError)) throw err;
    ctx.logger.warn({ name: row.name, code: err.code }, 'custom domain re-check: DNS gave no answer');
    return null;
  }
}

async function tellOwner(ctx: AppContext, row: CustomDomainRow): Promise<void> {
  const [owner] = await ctx.db
    .select({ email: users.email, ownerName: businessProfiles.ownerName })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(eq(businessProfiles.id, row.businessId));
  await recordActivity(ctx.db, { type: 'domain.failing', businessId: row.businessId, detail: { portalId: row.portalId, name: row.name, problems: row.problems } });
  if (!owner) return;
  const until = row.servedUntil!.toUTCString();
  const text = [
    `Hello ${owner.ownerName},`,
    '',
    `Today's check of ${row.name} found its DNS records no longer point at your client portal:`,
    '',
    ...row.problems.map((p) => `- ${p}`),
    '',
    `Your portal stays on ${row.name} for ${DOMAIN_GRACE_DAYS} more days, until ${until}. Fix the records, then press Verify under Custom domain in the Portal Configurator:`,
    `${ctx.env.APP_URL}/app/configurator`,
    '',
    'After that date clients reach the portal only at its StatusLink address.',
  ].join('\n');
  try {
    await ctx.mailer.send({ to: owner.email, subject: `${row.name} no longer points at your client portal`, text });
  } catch (err) {
    ctx.logger.warn({ err, name: row.name }, 'custom domain warning e-mail failed');
  }
}
