import { billingStanding, type BillingFacts, type BillingStanding } from '@core/billing/billing-state';
import type { AppContext } from '../../context';

type StandingCtx = Pick<AppContext, 'settings' | 'clock'>;

/** The business's billing standing now, with the platform's grace setting (D12). */
export async function businessStanding(ctx: StandingCtx, business: BillingFacts): Promise<BillingStanding> {
  const graceDays = (await ctx.settings.get()).general.graceDays;
  return billingStanding(business, ctx.clock.now(), graceDays);
}

/** Whether the business's portals answer clients now: not when suspended, nor once an unpaid grace has run out. */
export async function portalsAnswerClients(ctx: StandingCtx, business: BillingFacts): Promise<boolean> {
  return (await businessStanding(ctx, business)).portalsOpen;
}

/** The same, from a portal row that carries its business's fields (`businessStatus` for `status`). */
export function portalOpen(ctx: StandingCtx, row: Omit<BillingFacts, 'status'> & { businessStatus: string }): Promise<boolean> {
  return portalsAnswerClients(ctx, { status: row.businessStatus, trialEndsAt: row.trialEndsAt, subscriptionStatus: row.subscriptionStatus, graceEndsAt: row.graceEndsAt });
}
