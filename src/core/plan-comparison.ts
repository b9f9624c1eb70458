// The pricing page's comparison table, built from the plans and their features (D12: the table is the contract the
// server enforces). The pricing page, the features page, the Billing page and the upgrade hints all read it, so a
// plan's page never promises what its guard refuses.
import { comingSoon, planAllows, planFeatures, type PlanFeature, type PlanSwitch } from './plan-features';
import { planIds, plans, type PlanId } from './plans';

/** A cell: included (true), not included (false), or a value ("Up to 5", "Basic"). */
export type ComparisonCell = boolean | string;

export interface ComparisonRow {
  id: string;
  /** The row's label on the pricing page. */
  feature: string;
  cells: Record<PlanId, ComparisonCell>;
  /** The feature guarded by the server, when the row is one. */
  gate?: PlanFeature;
}

const count = (n: number) => n.toLocaleString('en-US');
const every = (value: ComparisonCell) => Object.fromEntries(planIds.map((id) => [id, value])) as Record<PlanId, ComparisonCell>;
const byPlan = (cell: (id: PlanId) => ComparisonCell) => Object.fromEntries(planIds.map((id) => [id, cell(id)])) as Record<PlanId, ComparisonCell>;
const soon = (feature: PlanSwitch, label: string) => (comingSoon.has(feature) ? `${label} (coming soon)` : label);
const gated = (id: string, feature: string, gate: PlanFeature): ComparisonRow => ({ id, feature, gate, cells: byPlan((p) => planAllows(p, gate)) });

/** The rows of the comparison table, in the order shown. */
export function planComparison(): ComparisonRow[] {
  return [
    { id: 'portals', feature: 'Client portals', cells: byPlan((p) => (plans[p].portals === null ? 'Unlimited' : plans[p].portals === 1 ? '1' : `Up to ${plans[p].portals}`)) },
    { id: 'searches', feature: 'Portal searches per month', cells: byPlan((p) => (plans[p].searchesPerMonth === null ? 'Unlimited' : count(plans[p].searchesPerMonth!))) },
    { id: 'lookups', feature: 'Unlimited status lookups', cells: every(true) },
    { id: 'queue', feature: 'Queue position and completion estimates', cells: every(true) },
    { id: 'sheets', feature: 'Google Sheets sync', cells: every(true) },
    { id: 'basicBranding', feature: 'Company name, logo and primary colour', cells: every(true) },
    gated('customBranding', 'Custom title, messages and colours', 'customBranding'),
    {
      id: 'analytics',
      feature: 'Portal analytics',
      gate: 'analytics',
      cells: byPlan((p) => (planFeatures[p].analytics === 'none' ? false : planFeatures[p].analytics === 'basic' ? 'Basic' : true)),
    },
    { id: 'verification', feature: 'E-mail verification for private portals', cells: every(true) },
    gated('customDomain', soon('customDomain', 'Custom domain with SSL'), 'customDomain'),
    gated('whiteLabel', 'White-label (no StatusLink branding)', 'whiteLabel'),
    gated('sms', soon('sms', 'SMS for urgent updates'), 'sms'),
    gated('api', soon('api', 'API access and webhooks'), 'api'),
    gated('prioritySupport', 'Priority support', 'prioritySupport'),
    { id: 'dedicated', feature: 'Dedicated cloud or self-hosted licence', cells: byPlan((p) => p === 'enterprise') },
  ];
}

/** How a row reads in a list of what a plan has ("Up to 5 client portals", "Basic portal analytics"). */
function highlight(row: ComparisonRow, cell: ComparisonCell): string {
  if (row.id === 'portals') return cell === '1' ? '1 client portal' : `${String(cell)} client portals`;
  if (row.id === 'searches') return cell === 'Unlimited' ? 'Unlimited searches' : `${String(cell)} searches per month`;
  if (row.id === 'analytics') return cell === 'Basic' ? 'Basic portal analytics (totals and status breakdown)' : 'Full portal analytics';
  return row.feature;
}

const LIMIT_ROWS = new Set(['portals', 'searches']);

/** The rows where `to` has more than `from`, with `to`'s cell. */
function addedRows(from: PlanId, to: PlanId): { row: ComparisonRow; cell: ComparisonCell }[] {
  const higher = planIds.indexOf(to) > planIds.indexOf(from);
  return planComparison()
    .filter((row) => {
      const a = row.cells[from];
      const b = row.cells[to];
      if (b === false || a === b || a === true) return false;
      // "1" and "Up to 5" are both text: a limit is more only on a higher plan.
      return !LIMIT_ROWS.has(row.id) || higher;
    })
    .map((row) => ({ row, cell: row.cells[to] }));
}

/** What `to` adds over `from`, as the lines a plan list shows (limits first, then features, in table order). */
export function upgradeAdds(from: PlanId, to: PlanId): string[] {
  return addedRows(from, to).map(({ row, cell }) => highlight(row, cell));
}

/** The plan card's list: its limits, then what it adds over the plan before it (the first plan: its basics). */
export function planHighlights(id: PlanId): string[] {
  const index = planIds.indexOf(id);
  const rows = planComparison();
  const limits = rows.filter((r) => LIMIT_ROWS.has(r.id)).map((r) => highlight(r, r.cells[id]));
  if (index === 0) {
    const basics = rows.filter((r) => !LIMIT_ROWS.has(r.id) && ['lookups', 'basicBranding', 'verification'].includes(r.id));
    return [...limits, ...basics.map((r) => highlight(r, true))];
  }
  const added = addedRows(planIds[index - 1]!, id).filter(({ row }) => !LIMIT_ROWS.has(row.id));
  return [...limits, ...added.map(({ row, cell }) => highlight(row, cell))];
}
