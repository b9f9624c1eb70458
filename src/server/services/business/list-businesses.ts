import type { BusinessStatus } from '@core/business-status';
import { and, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import { DEMO_BUSINESS_ID } from '../../db/seed/demo-business';
import type { Db } from '../../db/client';
import { businessProfiles, users } from '../../db/schema';
import { portalCountsByBusiness } from '../admin/portal-stats';


export interface BusinessListItem {
  id: string;
  companyName: string;
  ownerName: string;
  email: string;
  phone: string;
  plan: string;
  status: string;
  portalCount: number;
  trialEndsAt: Date | null;
  createdAt: Date;
  timeZone: string;
  /** What decides the billing state (core billingStanding) besides status and trialEndsAt. */
  subscriptionStatus: string | null;
  graceEndsAt: Date | null;
}

export interface BusinessListFilter {
  /** Part of the company name, owner name or e-mail (case-insensitive). */
  search?: string;
  status?: BusinessStatus;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The businesses on the platform, newest first, with search and status filter; total counts every business. */
export async function listBusinesses(
  db: Db,
  filter: BusinessListFilter = {},
): Promise<{ businesses: BusinessListItem[]; total: number; matching: number }> {
  // The demo portal's business is a fixture of every install, not a customer: not listed.
  const conditions: SQL[] = [ne(businessProfiles.id, DEMO_BUSINESS_ID)];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(ilike(businessProfiles.companyName, pattern), ilike(businessProfiles.ownerName, pattern), ilike(users.email, pattern))!);
  }
  if (filter.status) conditions.push(eq(businessProfiles.status, filter.status));
  const rows = await db
    .select({
      id: businessProfiles.id,
      companyName: businessProfiles.companyName,
      ownerName: businessProfiles.ownerName,
      email: users.email,
      phone: businessProfiles.phone,
      plan: businessProfiles.plan,
      status: businessProfiles.status,
      trialEndsAt: businessProfiles.trialEndsAt,
      createdAt: businessProfiles.createdAt,
      timeZone: businessProfiles.timeZone,
      subscriptionStatus: businessProfiles.subscriptionStatus,
      graceEndsAt: businessProfiles.graceEndsAt,
    })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(businessProfiles.createdAt));
  const [totalRow] = await db.select({ n: count() }).from(businessProfiles).where(ne(businessProfiles.id, DEMO_BUSINESS_ID));
  const portals = await portalCountsByBusiness(db);
  return {
    businesses: rows.map((r) => ({ ...r, portalCount: portals.get(r.id) ?? 0 })),
    total: totalRow?.n ?? 0,
    matching: rows.length,
  };
}
