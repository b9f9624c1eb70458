import type { CustomDomain } from '@core/api/custom-domains';
import { domainMessages, normalizeDomainName } from '@core/custom-domains';
import type { AppContext } from '../../context';
import { ConflictError, UnavailableError } from '../../errors';
import { DnsLookupError } from '../../integrations/dns/domain-records';
import { recordActivity } from '../activity/record-activity';
import { requirePlanFeature } from '../business/plan-access';
import { getPortalRow } from '../portals/get-portal';
import { domainProblems, storeCheck } from './check-domain';
import { findPortalDomain, isUniqueViolation, refuseTakenName } from './domain-rules';
import { domainView } from './domain-view';

/**
 * "Verify": looks both records up now and stores what was found. Verified, the name is served at once; otherwise the
 * answer's `problems` say exactly what is missing or wrong. 409 when another portal proved the name first; 503 when
 * the DNS server did not answer.
 */
export async function verifyDomain(ctx: AppContext, business: { id: string; plan: string }, portalId: string, input: string, actorUserId: string | null): Promise<CustomDomain> {
  requirePlanFeature(business, 'customDomain');
  await getPortalRow(ctx.db, business.id, portalId);
  const row = await findPortalDomain(ctx.db, portalId, normalizeDomainName(input));
  let problems: string[];
  try {
    problems = await domainProblems(ctx, row);
  } catch (err) {
    if (err instanceof DnsLookupError) throw new UnavailableError(`The DNS lookup of ${err.domain} got no answer (${err.code}). Try again in a minute.`, 'dns_unavailable');
    throw err;
  }
  if (problems.length === 0) await refuseTakenName(ctx.db, row.name, portalId);
  try {
    const stored = await storeCheck(ctx, row, problems);
    const current = stored?.row ?? (await findPortalDomain(ctx.db, portalId, row.name));
    if (stored && problems.length === 0 && row.status === 'pending') {
      await recordActivity(ctx.db, { type: 'domain.verified', businessId: business.id, actorUserId, detail: { portalId, name: row.name } });
    }
    return domainView(current, ctx.env.PORTAL_DOMAIN_TARGET);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(domainMessages.taken(row.name), 'domain_taken');
    throw err;
  }
}
