import { and, gte, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activityEvents, businessProfiles, invoices, platformDailyMetrics, users } from '../../db/schema';
import { eq, ne } from 'drizzle-orm';
import { DEMO_BUSINESS_ID } from '../../db/seed/demo-business';
import { countPortals, portalCreationTimes, portalsAvailable } from './portal-stats';

/** Activity types that the figures are computed from. */
export const SIGNUP_EVENTS = ['auth.sign_up', 'admin.business_created'] as const;
export const SIGN_IN_EVENT = 'auth.sign_in';
export const STATUS_EVENT = 'admin.business_status_changed';
export const DELETE_EVENT = 'admin.business_deleted';

export interface BusinessRow {
  id: string;
  userId: string;
  plan: string;
  status: string;
  createdAt: Date;
  trialEndsAt: Date | null;
}

export interface EventRow {
  type: string;
  actorUserId: string | null;
  businessId: string | null;
  detail: Record<string, unknown>;
  createdAt: Date;
}

/** A paid invoice Stripe reported (issue 21 item 6): the back office's revenue. Amounts in dollars. */
export interface PaymentRow {
  businessId: string;
  amount: number;
  paidAt: Date;
  /** The subscription period it pays for (without one: the month from its payment). */
  periodStart: Date;
  periodEnd: Date;
}

export interface SnapshotRow {
  day: string;
  totalBusinesses: number;
  payingBusinesses: number;
  trialBusinesses: number;
  mrr: number;
  portals: number;
}

/** Everything the dashboard and analytics compute from, read in a few queries. */
export interface PlatformData {
  now: Date;
  businesses: BusinessRow[];
  events: EventRow[];
  /** Paid invoices whose period reaches `since` or that were paid since. */
  payments: PaymentRow[];
  snapshots: SnapshotRow[];
  portalsAvailable: boolean;
  totalPortals: number;
  portalTimes: Date[];
}

export async function loadPlatformData(db: Db, since: Date, now = new Date()): Promise<PlatformData> {
  const businesses = await db
    .select({
      id: businessProfiles.id,
      userId: businessProfiles.userId,
      plan: businessProfiles.plan,
      status: businessProfiles.status,
      createdAt: businessProfiles.createdAt,
      trialEndsAt: businessProfiles.trialEndsAt,
    })
    .from(businessProfiles)
    // The demo portal's business is a fixture of every install, not a customer.
    .where(ne(businessProfiles.id, DEMO_BUSINESS_ID));
  const events = await db
    .select({
      type: activityEvents.type,
      actorUserId: activityEvents.actorUserId,
      businessId: activityEvents.businessId,
      detail: activityEvents.detail,
      createdAt: activityEvents.createdAt,
    })
    .from(activityEvents)
    .where(and(gte(activityEvents.createdAt, since), inArray(activityEvents.type, [...SIGNUP_EVENTS, SIGN_IN_EVENT, STATUS_EVENT, DELETE_EVENT])));
  // Operators are not businesses: their own sign-ups and sign-ins do not count.
  const operators = new Set((await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))).map((u) => u.id));
  const snapshots = await db
    .select({
      day: platformDailyMetrics.day,
      totalBusinesses: platformDailyMetrics.totalBusinesses,
      payingBusinesses: platformDailyMetrics.payingBusinesses,
      trialBusinesses: platformDailyMetrics.trialBusinesses,
      mrr: platformDailyMetrics.mrr,
      portals: platformDailyMetrics.portals,
    })
    .from(platformDailyMetrics)
    .where(gte(platformDailyMetrics.day, since.toISOString().slice(0, 10)));
  const available = await portalsAvailable(db);
  return {
    now,
    businesses,
    payments: await readPayments(db, since),
    events: events.filter((e) => !e.actorUserId || !operators.has(e.actorUserId) || !e.type.startsWith('auth.')),
    snapshots: snapshots.map((s) => ({ ...s, mrr: Number(s.mrr) })),
    portalsAvailable: available,
    totalPortals: available ? await countPortals(db) : 0,
    portalTimes: available ? await portalCreationTimes(db) : [],
  };
}

const MONTH_MS = 30.44 * 86_400_000;

/** Paid invoices (in dollars) that pay for time since `since` or were paid since; the demo business has none. */
export async function readPayments(db: Db, since: Date): Promise<PaymentRow[]> {
  const rows = await db
    .select({ businessId: invoices.businessId, amountPaid: invoices.amountPaid, paidAt: invoices.paidAt, periodStart: invoices.periodStart, periodEnd: invoices.periodEnd })
    .from(invoices)
    .where(and(eq(invoices.status, 'paid'), isNotNull(invoices.paidAt), or(gte(invoices.paidAt, since), gte(invoices.periodEnd, since))));
  return rows.map((r) => {
    const paidAt = r.paidAt!;
    const periodStart = r.periodStart ?? paidAt;
    const periodEnd = r.periodEnd && r.periodEnd > periodStart ? r.periodEnd : new Date(periodStart.getTime() + MONTH_MS);
    return { businessId: r.businessId, amount: r.amountPaid / 100, paidAt, periodStart, periodEnd };
  });
}
