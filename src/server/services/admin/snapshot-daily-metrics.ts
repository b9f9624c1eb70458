import { ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_BUSINESS_ID } from '../../db/seed/demo-business';
import { businessProfiles, platformDailyMetrics } from '../../db/schema';
import { dayKey, paidSubscriptions } from './metrics';
import { readPayments } from './platform-data';
import { countPortals } from './portal-stats';

/**
 * Writes (or rewrites) today's row of daily figures from the current businesses and portals. Run by the job
 * every hour and whenever analytics are read, so each past day keeps the figures it ended with. Idempotent:
 * several instances writing the same day just overwrite one row.
 */
export async function snapshotDailyMetrics(db: Db, now = new Date()): Promise<void> {
  const rows = await db
    .select({ id: businessProfiles.id, status: businessProfiles.status })
    .from(businessProfiles)
    .where(ne(businessProfiles.id, DEMO_BUSINESS_ID));
  // Paying and MRR from the paid subscriptions (the invoices Stripe reported), as the dashboard counts them.
  const paid = paidSubscriptions(await readPayments(db, now), now);
  const paying = rows.filter((r) => paid.has(r.id));
  const values = {
    day: dayKey(now),
    totalBusinesses: rows.length,
    payingBusinesses: paying.length,
    trialBusinesses: rows.filter((r) => r.status === 'trial').length,
    mrr: Math.round(paying.reduce((sum, r) => sum + paid.get(r.id)!, 0) * 100) / 100,
    portals: await countPortals(db),
    computedAt: now,
  };
  await db
    .insert(platformDailyMetrics)
    .values(values)
    .onConflictDoUpdate({
      target: platformDailyMetrics.day,
      set: {
        totalBusinesses: values.totalBusinesses,
        payingBusinesses: values.payingBusinesses,
        trialBusinesses: values.trialBusinesses,
        mrr: values.mrr,
        portals: values.portals,
        computedAt: now,
      },
    });
}
