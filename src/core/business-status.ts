// A business's status in the back office (spec 2.16; issue 17 item 6): what an operator may do from each one, and
// where a reactivation leads.

export const businessStatuses = ['active', 'trial', 'suspended', 'inactive'] as const;
export type BusinessStatus = (typeof businessStatuses)[number];

export function isBusinessStatus(value: unknown): value is BusinessStatus {
  return typeof value === 'string' && (businessStatuses as readonly string[]).includes(value);
}

/**
 * The status a suspended business returns to when reactivated: the one it had before the suspension (a trial keeps
 * its end date, since nothing else changes), or active when that is unknown (suspended before this was recorded).
 */
export function statusOnReactivation(before: string | null | undefined): Exclude<BusinessStatus, 'suspended'> {
  return before === 'trial' || before === 'inactive' || before === 'active' ? before : 'active';
}

/** The operator's actions on a business's detail view, by status. */
export function statusActions(status: string): { suspend: boolean; reactivate: boolean; activate: boolean } {
  const suspended = status === 'suspended';
  return { suspend: !suspended, reactivate: suspended, activate: !suspended && status !== 'active' };
}
