import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, businessProfiles, invoices, platformDailyMetrics, portals } from '../../src/server/db/schema';
import { DEMO_BUSINESS_ID } from '../../src/server/db/seed/demo-business';
import { seedDemo } from '../../src/server/db/seed/seed-demo';
import { SIGN_IN_EVENT } from '../../src/server/services/admin/platform-data';
import { startTestApp, useTestApp, postJson, signUp } from '../support/test-app';
import { businessIdOf, makeAdmin, send } from './admin-support';

// Figures computed from data this file creates: six businesses and a seventh that gets deleted.
let admin: Awaited<ReturnType<typeof makeAdmin>>;
const DAY = 86_400_000;
const now = new Date();
const today = now.toISOString().slice(0, 10);
const dayOffset = (n: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + n)).toISOString().slice(0, 10);

const t = useTestApp();
beforeAll(async () => {
  admin = await makeAdmin(t);
  const db = t.app.ctx.db;
  const make = async (plan: string, status: string, extra: Partial<typeof businessProfiles.$inferInsert> = {}) => {
    const s = await signUp(t.app, { plan: plan === 'enterprise' ? 'business' : plan });
    // Made 20 days ago: the helper's own sign-in is not one of the figures (only the two below sign in today).
    await db.delete(activityEvents).where(and(eq(activityEvents.actorUserId, s.user.id), eq(activityEvents.type, SIGN_IN_EVENT)));
    await db
      .update(businessProfiles)
      .set({ plan, status, createdAt: new Date(now.getTime() - 20 * DAY), ...extra })
      .where(eq(businessProfiles.userId, s.user.id));
    return s;
  };
  const a = await make('professional', 'trial');
  const b = await make('business', 'active');
  const c = await make('starter', 'active');
  const enterprise = await make('enterprise', 'active');
  await make('starter', 'trial', { trialEndsAt: new Date(now.getTime() - 2 * DAY) });
  const f = await make('professional', 'trial');
  const g = await make('starter', 'trial');
  // Two owners sign in today.
  await postJson(t.app, '/api/auth/sign-in/email', { email: a.body.email, password: a.body.password });
  await postJson(t.app, '/api/auth/sign-in/email', { email: b.body.email, password: b.body.password });
  // One is suspended, one deleted (both churn today).
  await send(t.app, 'POST', `/api/admin/businesses/${await businessIdOf(t, f.user.id)}/status`, admin.cookie, { status: 'suspended' });
  await send(t.app, 'DELETE', `/api/admin/businesses/${await businessIdOf(t, g.user.id)}`, admin.cookie);
  // Four portals: three of the business plan, one of the starter.
  const bId = await businessIdOf(t, b.user.id);
  const cId = await businessIdOf(t, c.user.id);
  await db.insert(portals).values([
    { id: 'portal_aaaaaaaa1', businessId: bId, name: 'One', createdAt: new Date(now.getTime() - 10 * DAY) },
    { id: 'portal_aaaaaaaa2', businessId: bId, name: 'Two', createdAt: new Date(now.getTime() - 10 * DAY) },
    { id: 'portal_aaaaaaaa3', businessId: bId, name: 'Three' },
    { id: 'portal_aaaaaaaa4', businessId: cId, name: 'Four' },
  ]);
  // Money Stripe reported: the business plan paid monthly (this month's and last month's invoices), the starter plan
  // paid for a year (28.4 x 12, a twelfth a month); the enterprise business's plan was given by the operator and its
  // one invoice is still open: it pays nothing here.
  const paid = (id: string, businessId: string, amount: number, fromDays: number, toDays: number) => ({
    id,
    businessId,
    status: 'paid',
    amountDue: amount,
    amountPaid: amount,
    currency: 'usd',
    periodStart: new Date(now.getTime() + fromDays * DAY),
    periodEnd: new Date(now.getTime() + toDays * DAY),
    paidAt: new Date(now.getTime() + fromDays * DAY),
    createdAt: new Date(now.getTime() + fromDays * DAY),
  });
  const enterpriseId = await businessIdOf(t, enterprise.user.id);
  await db.insert(invoices).values([
    paid('in_b_last', bId, 19900, -32, -2),
    paid('in_b_now', bId, 19900, -2, 28),
    paid('in_c_year', cId, 27840, -10, 355),
    { ...paid('in_e_open', enterpriseId, 199700, -1, 29), status: 'open', amountPaid: 0, paidAt: null },
  ]);
  // A sign-up last month.
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 12));
  await db.insert(activityEvents).values({ type: 'auth.sign_up', actorUserId: 'gone-user', createdAt: lastMonth });
});

describe('GET /api/admin/dashboard', () => {
  it('computes counts, revenue, plans, platform metrics and health from the database', async () => {
    const res = await send(t.app, 'GET', '/api/admin/dashboard', admin.cookie);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.totalBusinesses).toBe(6);
    // Paying: those a paid invoice covers now; the enterprise business (no payment) is counted apart.
    expect(d.activeBusinesses).toBe(2);
    expect(d.activePercent).toBe(33.3);
    expect(d.trialBusinesses).toBe(2);
    expect(d.unpaidBusinesses).toBe(1);
    expect(d.suspendedBusinesses).toBe(1);
    // Four portals over two paying businesses.
    expect(d.portals).toEqual({ available: true, total: 4, averagePerActiveBusiness: 2 });
    const list = (await send(t.app, 'GET', '/api/admin/businesses?status=active', admin.cookie)).json();
    expect(list.businesses.map((x: { portalCount: number }) => x.portalCount).sort()).toEqual([0, 1, 3]);
    // From the invoices: business 199 a month + starter 278.40 a year (23.20 a month); not the plans' list prices.
    expect(d.revenue).toEqual({ monthly: 222.2, perClient: 111.1, payingBusinesses: 2 });
    const plan = (id: string) => d.plans.find((p: { plan: string }) => p.plan === id);
    expect(plan('starter')).toEqual({ plan: 'starter', name: 'Starter', price: 29, businesses: 2, paying: 1, percentOfTotal: 33.3, monthlyRevenue: 23.2 });
    expect(plan('professional')).toMatchObject({ businesses: 2, paying: 0, monthlyRevenue: 0 });
    expect(plan('enterprise')).toMatchObject({ businesses: 1, price: 1997, paying: 0, monthlyRevenue: 0, percentOfTotal: 16.7 });
    // Sign-ups: 7 this month (the deleted one included), 1 last month.
    expect(d.metrics.signupsThisMonth).toBe(7);
    expect(d.metrics.signupsLastMonth).toBe(1);
    expect(d.metrics.signupChangePercent).toBe(600);
    // Trial-to-paid: 2 paying of 3 whose trial is over or who pay.
    expect(d.metrics.conversion).toEqual({ rate: 66.7, converted: 2, eligible: 3 });
    expect(d.metrics.activeLast30Days).toEqual({ count: 2, percent: 33.3 });
    expect(d.health.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(d.health.database).toMatchObject({ ok: true, kind: t.app.ctx.database.kind });
    expect(d.health.medianResponseMs).toBeGreaterThan(0);
    expect(d.health.requestsLastHour).toBeGreaterThan(0);
    expect(d.recentActivity[0]).toMatchObject({ type: 'admin.business_deleted', actorEmail: admin.email });
    expect(d.recentActivity[0].description).toContain('deleted');
  });
});

describe('GET /api/admin/analytics', () => {
  it('computes the period against the previous one, day by day, and keeps stored daily figures', async () => {
    // A stored day keeps its figures even though today's rows say otherwise.
    await t.app.ctx.db.insert(platformDailyMetrics).values({ day: dayOffset(-3), totalBusinesses: 10, payingBusinesses: 4, trialBusinesses: 6, mrr: 900, portals: 2 });
    const res = await send(t.app, 'GET', '/api/admin/analytics?days=7', admin.cookie);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.days).toBe(7);
    expect(a.series).toHaveLength(7);
    expect(a.series.at(-1).date).toBe(today);
    expect(a.from).toBe(dayOffset(-6));
    const day = (date: string) => a.series.find((s: { date: string }) => s.date === date);
    expect(day(dayOffset(-3))).toMatchObject({ mrr: 900, revenue: 0, payingBusinesses: 4, portals: 2, fromSnapshot: true });
    // A day's revenue is the money received that day.
    expect(day(dayOffset(-2))).toMatchObject({ revenue: 199, mrr: 222.2, payingBusinesses: 2, fromSnapshot: false });
    expect(day(today)).toMatchObject({ signups: 7, mrr: 222.2, revenue: 0, activeUsers: 2, churned: 2, fromSnapshot: false });
    // Businesses at the start of today: the six rows plus the deleted one.
    expect(day(today).churn).toBe(28.57);

    expect(a.current).toMatchObject({ signups: 7, mrr: 222.2, revenue: 199, activeBusinesses: 2, activeUsers: 2, churned: 2, churnRate: 28.6, arpu: 111.1, portals: 4 });
    expect(a.previous).toMatchObject({ signups: 0, churned: 0, activeUsers: 0, mrr: 222.2, revenue: 278.4, portals: 2 });
    const revenue = a.series.reduce((s: number, d: { revenue: number }) => s + d.revenue, 0);
    expect(a.current.revenue).toBeCloseTo(revenue, 2);
    expect(a.arpu).toBe(111.1);
    expect(a.conversion.overall).toEqual({ rate: 66.7, converted: 2, eligible: 3 });
    expect(a.plans).toHaveLength(4);

    // Today's figures are stored on the way.
    const [stored] = await t.app.ctx.db.select().from(platformDailyMetrics).where(eq(platformDailyMetrics.day, today));
    expect(stored).toMatchObject({ totalBusinesses: 6, payingBusinesses: 2, trialBusinesses: 2, mrr: 222.2 });

    // The 30-day period has 30 days and the same current figures.
    const month = (await send(t.app, 'GET', '/api/admin/analytics?days=30', admin.cookie)).json();
    expect(month.series).toHaveLength(30);
    expect(month.current.signups).toBe(7);
    expect((await send(t.app, 'GET', '/api/admin/analytics?days=8', admin.cookie)).statusCode).toBe(400);
  });

  it('exports the shown figures as CSV', async () => {
    const res = await send(t.app, 'GET', '/api/admin/analytics/export?days=7', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="statuslink-analytics-7d-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(`Platform analytics,last 7 days (${dayOffset(-6)} to ${today},UTC)`.replace('analytics,last', 'analytics, last').replace(',UTC', ', UTC').replace(/^(.*)$/, '"$1"'));
    expect(lines[1]).toBe('Metric,Current period,Previous period,Change');
    expect(lines).toContain('Monthly recurring revenue ($),222.2,222.2,0%');
    expect(lines).toContain('Signups,7,0,');
    expect(lines).toContain('Churn rate (%),28.6,0,');
    expect(lines).toContain('Active (paying) businesses,2,2,0%');
    expect(lines).toContain('Client portals,4,2,100%');
    expect(lines).toContain('Revenue ($),199,278.4,-28.5%');
    expect(lines).toContain('Date,Signups,Revenue ($),MRR ($),Active users,Churn (%),Portals');
    expect(lines.at(-1)).toBe(`${today},7,0,222.2,2,28.57,4`);
    // Only the metrics chosen in the Filters panel.
    const some = await send(t.app, 'GET', '/api/admin/analytics/export?days=7&metrics=signups', admin.cookie);
    expect(some.body).toContain('Signups,7,0,');
    expect(some.body).not.toContain('revenue');
    expect(some.body).not.toContain('Churn');
    expect(some.body.trim().split('\r\n').at(-1)).toBe(`${today},7,4`);
  });
});

describe('activity log', () => {
  it('filters by type, actor and date', async () => {
    const all = (await send(t.app, 'GET', '/api/admin/activity', admin.cookie)).json();
    expect(all.total).toBeGreaterThan(5);
    const signIns = (await send(t.app, 'GET', '/api/admin/activity?type=auth.sign_in', admin.cookie)).json();
    expect(signIns.items.length).toBeGreaterThanOrEqual(3);
    expect(signIns.items.every((i: { type: string }) => i.type === 'auth.sign_in')).toBe(true);
    const adminGroup = (await send(t.app, 'GET', '/api/admin/activity?type=admin.', admin.cookie)).json();
    expect(adminGroup.items.map((i: { type: string }) => i.type).sort()).toEqual(['admin.business_deleted', 'admin.business_status_changed']);
    const byActor = (await send(t.app, 'GET', `/api/admin/activity?actor=${encodeURIComponent(admin.email)}&type=admin.`, admin.cookie)).json();
    expect(byActor.items).toHaveLength(2);
    const nobody = (await send(t.app, 'GET', '/api/admin/activity?actor=nobody-at-all', admin.cookie)).json();
    expect(nobody.items).toHaveLength(0);
    const past = (await send(t.app, 'GET', `/api/admin/activity?to=${dayOffset(-1)}`, admin.cookie)).json();
    expect(past.items.map((i: { type: string }) => i.type)).toEqual(['auth.sign_up']);
    const todayOnly = (await send(t.app, 'GET', `/api/admin/activity?from=${today}&type=auth.sign_up`, admin.cookie)).json();
    expect(todayOnly.total).toBe(8);
    expect(all.types.some((x: { type: string; label: string }) => x.type === 'admin.settings_changed' && x.label === 'Settings changed')).toBe(true);
  });
});

describe('the demo business', () => {
  it('is a fixture, not a customer: left out of the list and every figure', async () => {
    const fresh = await startTestApp();
    await seedDemo({ database: fresh.app.ctx.database, env: fresh.env, logger: fresh.app.ctx.logger });
    const op = await makeAdmin(fresh);
    const list = (await send(fresh.app, 'GET', '/api/admin/businesses', op.cookie)).json();
    expect(list.businesses.some((b: { id: string }) => b.id === DEMO_BUSINESS_ID)).toBe(false);
    expect(list.total).toBe(0);
    const d = (await send(fresh.app, 'GET', '/api/admin/dashboard', op.cookie)).json();
    expect(d.totalBusinesses).toBe(0);
    expect(d.portals.total).toBe(0);
    expect(d.plans.every((p: { businesses: number }) => p.businesses === 0)).toBe(true);
    expect(d.metrics.activeLast30Days).toBeNull();
    expect(d.metrics.conversion).toBeNull();
  });
});
