import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, businessProfiles, clients, clientStatusHistory, clientUpdates, lifecycleEmails, portalLookupDaily } from '../../src/server/db/schema';
import { computeMonthlyReport, previousUtcMonth, runMonthlyReports } from '../../src/server/jobs/monthly-report';
import { runBackOfficeJobs } from '../../src/server/jobs/lifecycle-emails';
import { businessWithPortal, fixtureSheet, postCsv } from '../support/sheets';
import { useTestApp, signUp } from '../support/test-app';
import { businessIdOf, makeAdmin, saveSettings } from './admin-support';

// The monthly report e-mail (issue 8, item 6): sent from the 1st of each month (UTC), once per business and month,
// with last month's figures computed from the database. The job is called with a chosen "now".

let admin: Awaited<ReturnType<typeof makeAdmin>>;
const t = useTestApp();
beforeAll(async () => {
  admin = await makeAdmin(t);
});

const pad = (n: number) => String(n).padStart(2, '0');
// The month reported is the current one: "now" is the 1st of the next month, so the data made here falls in it.
const real = new Date();
const month = `${real.getUTCFullYear()}-${pad(real.getUTCMonth() + 1)}`;
const nextFirst = new Date(Date.UTC(real.getUTCFullYear(), real.getUTCMonth() + 1, 1));
const at = (hours: number, days = 0) => new Date(nextFirst.getTime() + days * 86_400_000 + hours * 3_600_000);
const monthStart = new Date(Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), 1));
const inMonth = (day: number) => new Date(monthStart.getTime() + (day - 1) * 86_400_000 + 10 * 3_600_000);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

const setProfile = (userId: string, values: Partial<typeof businessProfiles.$inferInsert>) =>
  t.app.ctx.db.update(businessProfiles).set(values).where(eq(businessProfiles.userId, userId));
const reportsTo = (email: string) => t.mails.filter((m) => m.to === email && m.subject.startsWith('Your StatusLink report for'));

describe('monthly report e-mail', () => {
  it('computes last month from the data and sends it once per business, only when enabled and to active or trial businesses', async () => {
    expect(previousUtcMonth(nextFirst)).toBe(month);

    // A business with a portal and the tax preparer's clients, all imported before the month...
    const owner = await businessWithPortal(t.app, { companyName: 'Harbour Tax', timeZone: 'UTC' });
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, fixtureSheet('tax-preparer.csv'))).statusCode).toBe(200);
    const businessId = await businessIdOf(t, owner.user.id);
    await setProfile(owner.user.id, { status: 'active', createdAt: new Date(monthStart.getTime() - 40 * 86_400_000) });
    const before = new Date(monthStart.getTime() - 5 * 86_400_000);
    await t.app.ctx.db.update(clients).set({ createdAt: before }).where(eq(clients.portalId, owner.portalId));
    await t.app.ctx.db.update(clientStatusHistory).set({ changedAt: before }).where(eq(clientStatusHistory.portalId, owner.portalId));
    const ids = (await t.app.ctx.db.select({ id: clients.clientId }).from(clients).where(eq(clients.portalId, owner.portalId))).map((c) => c.id).sort();
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const [a, b, c, d, e] = ids as [string, string, string, string, string];

    // ...then, during the month: two new clients, one removed, completions and other changes, lookups, messages.
    await t.app.ctx.db.update(clients).set({ createdAt: inMonth(3) }).where(and(eq(clients.portalId, owner.portalId), sql`${clients.clientId} in (${a}, ${b})`));
    await t.app.ctx.db.update(clients).set({ removedAt: inMonth(20) }).where(and(eq(clients.portalId, owner.portalId), eq(clients.clientId, e)));
    const change = (clientId: string, oldStatus: string | null, newStatus: string, changedAt: Date) =>
      t.app.ctx.db.insert(clientStatusHistory).values({ portalId: owner.portalId, clientId, oldStatus, newStatus, changedAt });
    await change(a, 'In Progress', 'Completed', inMonth(10)); // counts
    await change(a, 'Completed', 'Done', inMonth(11)); // already completed: not again
    await change(b, 'Pending', 'In Progress', inMonth(12)); // not a completion
    await change(c, 'Review', 'Finished', inMonth(14)); // counts
    await change(d, 'Pending', 'Completed', new Date(monthStart.getTime() - 3_600_000)); // the month before
    await change(d, 'In Progress', 'Done', at(2)); // the month after
    await t.app.ctx.db.insert(portalLookupDaily).values([
      { businessId, portalId: owner.portalId, day: dayOf(inMonth(1)), lookups: 7, misses: 2 },
      { businessId, portalId: owner.portalId, day: dayOf(inMonth(20)), lookups: 5, misses: 1 },
      { businessId, portalId: 'portal_deleted0', day: dayOf(inMonth(21)), lookups: 4, misses: 0 }, // a deleted portal still counts
      { businessId, portalId: owner.portalId, day: dayOf(new Date(monthStart.getTime() - 86_400_000)), lookups: 100, misses: 50 },
      { businessId, portalId: owner.portalId, day: dayOf(nextFirst), lookups: 100, misses: 50 },
    ]);
    await t.app.ctx.db.insert(clientUpdates).values([
      { portalId: owner.portalId, clientId: a, businessId, message: 'Sent the form', via: 'link', createdAt: inMonth(5) },
      { portalId: owner.portalId, clientId: b, businessId, message: 'Any news?', via: 'code', createdAt: inMonth(25) },
      { portalId: owner.portalId, clientId: b, businessId, message: 'Earlier', via: 'code', createdAt: before },
    ]);
    const current = await t.app.ctx.db.select().from(clients).where(eq(clients.portalId, owner.portalId));
    const onFile = current.filter((x) => x.removedAt === null);

    const figures = await computeMonthlyReport(t.app.ctx.db, { id: businessId, timeZone: 'UTC' }, month);
    expect(figures).toEqual({
      month,
      lookups: 16,
      notFound: 3,
      clientsCompleted: 2,
      newClients: 2,
      clientMessages: 2,
      clientsTotal: onFile.length,
      clientsActive: onFile.filter((x) => x.queueState === 'queued').length,
      portals: 1,
    });

    // Others: suspended (no report), signed up after the month (nothing to report), active without portals (zeros),
    // and one in Los Angeles, whose month is not over at 06:00 UTC on the 1st.
    const suspended = await signUp(t.app, { companyName: 'Paused Co', timeZone: 'UTC' });
    await setProfile(suspended.user.id, { status: 'suspended', createdAt: before });
    const newcomer = await signUp(t.app, { companyName: 'Newcomer Co', timeZone: 'UTC' });
    await setProfile(newcomer.user.id, { createdAt: at(1) });
    const empty = await signUp(t.app, { companyName: 'Empty Co', timeZone: 'UTC' });
    await setProfile(empty.user.id, { status: 'active', createdAt: before });
    const west = await signUp(t.app, { companyName: 'West Coast Co', timeZone: 'America/Los_Angeles' });
    await setProfile(west.user.id, { createdAt: before });

    // Disabled: nothing goes out.
    expect((await saveSettings(t, admin.cookie, { email: { monthlyReportEmailEnabled: false } })).statusCode).toBe(200);
    expect((await runMonthlyReports(t.app.ctx, at(6))).sent).toBe(0);
    expect(t.mails.filter((m) => m.subject.startsWith('Your StatusLink report'))).toHaveLength(0);

    expect((await saveSettings(t, admin.cookie, { email: { monthlyReportEmailEnabled: true } })).statusCode).toBe(200);
    // Before the 1st (the last day of the month): nothing.
    expect((await runMonthlyReports(t.app.ctx, at(-1))).sent).toBe(0);
    // Two instances at once on the 1st: each business once.
    const [r1, r2] = await Promise.all([runMonthlyReports(t.app.ctx, at(6)), runMonthlyReports(t.app.ctx, at(6))]);
    expect(r1.sent + r2.sent).toBe(2);
    const [report] = reportsTo(owner.body.email);
    expect(reportsTo(owner.body.email)).toHaveLength(1);
    const label = monthStart.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(report!.subject).toBe(`Your StatusLink report for ${label}`);
    expect(report!.text).toContain(`Here is how ${label} went for Harbour Tax on StatusLink:`);
    expect(report!.text).toContain('- Status lookups by your clients: 16 (3 found no project)');
    expect(report!.text).toContain('- Clients completed: 2');
    expect(report!.text).toContain('- New clients: 2');
    expect(report!.text).toContain('- Messages from clients: 2');
    expect(report!.text).toContain(`- Clients on file today: ${figures.clientsTotal} (${figures.clientsActive} in your queue); client portals: 1`);
    expect(report!.text).toContain('http://localhost:3000/app/analytics');
    expect(reportsTo(empty.body.email)).toHaveLength(1);
    expect(reportsTo(empty.body.email)[0]!.text).toContain('- Status lookups by your clients: 0 (0 found no project)');
    expect(reportsTo(suspended.body.email)).toHaveLength(0);
    expect(reportsTo(newcomer.body.email)).toHaveLength(0);
    expect(reportsTo(west.body.email)).toHaveLength(0);

    // Later that day the month is over in Los Angeles too; the others are not sent again (the scheduled pass).
    await runBackOfficeJobs(t.app.ctx, at(12));
    expect(reportsTo(west.body.email)).toHaveLength(1);
    expect(reportsTo(owner.body.email)).toHaveLength(1);
    expect(reportsTo(empty.body.email)).toHaveLength(1);
    const claims = await t.app.ctx.db.select().from(lifecycleEmails).where(eq(lifecycleEmails.kind, 'monthly_report'));
    expect(claims.map((x) => x.occasion)).toEqual([month, month, month]);
    const logged = (await t.app.ctx.db.select().from(activityEvents)).filter((x) => x.type === 'email.monthly_report_sent');
    expect(logged.some((x) => x.businessId === businessId && x.detail.occasion === month)).toBe(true);

    // Past the catch-up window (the 4th) a business that missed it gets no late report.
    const late = await signUp(t.app, { companyName: 'Late Co', timeZone: 'UTC' });
    await setProfile(late.user.id, { createdAt: before });
    expect((await runMonthlyReports(t.app.ctx, at(6, 3))).sent).toBe(0);
    expect(reportsTo(late.body.email)).toHaveLength(0);
  });
});
