import type { CustomDomain } from '@core/api/custom-domains';
import { domainRecords } from '@core/custom-domains';
import type { customDomains } from '../../db/schema';

export type CustomDomainRow = typeof customDomains.$inferSelect;

/** A domain as the API shows it: its records to create, what the last check found, and its address. */
export function domainView(row: CustomDomainRow, target: string): CustomDomain {
  return {
    name: row.name,
    status: row.status,
    records: domainRecords(row.name, target, row.token),
    problems: row.problems,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    servedUntil: row.servedUntil?.toISOString() ?? null,
    url: `https://${row.name}/`,
  };
}
