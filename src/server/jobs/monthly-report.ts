import { and, count, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import { todayInTimeZone } from '@core/dates';
import { classifyStatus } from '@core/status';
import { zoneOrUtc } from '@core/validation/auth';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { businessProfiles, clients, clientStatusHistory, clientUpdates, lifecycleEmails, portalLookupDaily, portals, users } from '../db/schema';
import { sendTemplateEmail } from '../services/email-templates/send-template-email';
import { sendOnce } from './lifecycle-claim';

type JobContext = Pick<AppContext, 'db' | 'env' | 'mailer' | 'settings' | 'logger'>;

/**
 * The monthly report goes out from the 1st of the month (UTC). If no instance ran then (a deploy, an outage), it
 * still goes out until the end of this many days into the month; later, last month's report is skipped.
 */
export const MONTHLY_REPORT_WINDOW_DAYS = 3;

/** Businesses that get the report: the ones using the platform (not suspended or inactive). */
const REPORTED_STATUSES = ['active', 'trial'];

/** Last month's figures of one business (its own time zone's calendar month). */
export interface MonthlyReportFigures {
  /** 'YYYY-MM'. */
  month: string;
  /** Portal lookups made by its clients during the month, and of those the ones that found no project. */
  lookups: number;
  notFound: number;
  /** Clients whose status changed into a completed status during the month (each client once). */
  clientsCompleted: number;
  /** Clients first imported during the month. */
  newClients: number;
  /** Updates and questions clients sent from the portal during the month. */
  clientMessages: number;
  /** Today: clients on file (not removed), of those in the queue (active), and portals. */
  clientsTotal: number;
  clientsActive: number;
  portals: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The month before the UTC month of `now`, as 'YYYY-MM'. */
export function previousUtcMonth(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** First day of the month and of the next one: 'YYYY-MM-DD'. */
function monthDays(month: string): { first: string; next: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(y, m, 1));
  return { first: `${month}-01`, next: `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-01` };
}

/** 'October 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The month's start and end instants in the time zone (midnight of its first day and of the next month's). */
async function monthBounds(db: Db, month: string, timeZone: string): Promise<{ start: Date; end: Date }> {
  const { first, next } = monthDays(month);
  const result = await db.execute(
    sql`select (${first}::date::timestamp at time zone ${timeZone}) as start, (${next}::date::timestamp at time zone ${timeZone}) as "end"`,
  );
  const row = (result as unknown as { rows: { start: Date | string; end: Date | string }[] }).rows[0]!;
  return { start: new Date(row.start), end: new Date(row.end) };
}

/** Computes one business's report of `month` from the database. */
export async function computeMonthlyReport(db: Db, business: { id: string; timeZone: string }, month: string): Promise<MonthlyReportFigures> {
  const timeZone = zoneOrUtc(business.timeZone);
  const { first, next } = monthDays(month);
  const { start, end } = await monthBounds(db, month, timeZone);
  const portalIds = (await db.select({ id: portals.id }).from(portals).where(eq(portals.businessId, business.id))).map((p) => p.id);

  const [lookupRow] = await db
    .select({ lookups: sum(portalLookupDaily.lookups).mapWith(Number), misses: sum(portalLookupDaily.misses).mapWith(Number) })
    .from(portalLookupDaily)
    .where(and(eq(portalLookupDaily.businessId, business.id), gte(portalLookupDaily.day, first), lt(portalLookupDaily.day, next)));
  const [messages] = await db
    .select({ n: count() })
    .from(clientUpdates)
    .where(and(eq(clientUpdates.businessId, business.id), gte(clientUpdates.createdAt, start), lt(clientUpdates.createdAt, end)));

  const figures: MonthlyReportFigures = {
    month,
    lookups: lookupRow?.lookups ?? 0,
    notFound: lookupRow?.misses ?? 0,
    clientsCompleted: 0,
    newClients: 0,
    clientMessages: messages?.n ?? 0,
    clientsTotal: 0,
    clientsActive: 0,
    portals: portalIds.length,
  };
  if (portalIds.length === 0) return figures;

  const [clientRow] = await db
    .select({
      total: sql<number>`count(*) filter (where ${clients.removedAt} is null)`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${clients.removedAt} is null and ${clients.queueState} = 'queued')`.mapWith(Number),
      added: sql<number>`count(*) filter (where ${clients.createdAt} >= ${start} and ${clients.createdAt} < ${end})`.mapWith(Number),
    })
    .from(clients)
    .where(inArray(clients.portalId, portalIds));
  figures.clientsTotal = clientRow?.total ?? 0;
  figures.clientsActive = clientRow?.active ?? 0;
  figures.newClients = clientRow?.added ?? 0;

  // Completed during the month: a recorded change into a completed status (core's rule, classifyStatus) from a
  // status that was not one; a client imported already completed counts when first seen, as in the app's analytics.
  const changes = await db
    .select({ portalId: clientStatusHistory.portalId, clientId: clientStatusHistory.clientId, oldStatus: clientStatusHistory.oldStatus, newStatus: clientStatusHistory.newStatus })
    .from(clientStatusHistory)
    .where(and(inArray(clientStatusHistory.portalId, portalIds), gte(clientStatusHistory.changedAt, start), lt(clientStatusHistory.changedAt, end)));
  const completed = new Set<string>();
  for (const c of changes) {
    const wasDone = c.oldStatus !== null && classifyStatus(c.oldStatus) === 'completed';
    if (!wasDone && classifyStatus(c.newStatus) === 'completed') completed.add(`${c.portalId}\u0000${c.clientId}`);
  }
  figures.clientsCompleted = completed.size;
  return figures;
}

/**
 * The monthly report e-mail (when enabled in the e-mail settings): from the 1st of each month (UTC), each active
 * or trial business that existed last month gets last month's figures, once (the lifecycle_emails key: business,
 * 'monthly_report', month), however many instances run the job. A business waits until last month is over in its
 * own time zone too, so the figures are of a whole month. Returns how many went out.
 */
export async function runMonthlyReports(ctx: JobContext, now: Date): Promise<{ sent: number; month: string }> {
  const month = previousUtcMonth(now);
  const result = { sent: 0, month };
  const s = await ctx.settings.get();
  if (!s.email.monthlyReportEmailEnabled) return result;
  if (now.getUTCDate() > MONTHLY_REPORT_WINDOW_DAYS) return result;
  const { next } = monthDays(month);
  const link = `${ctx.env.APP_URL}/app/analytics`;

  const rows = await ctx.db
    .select({ profile: businessProfiles, email: users.email })
    .from(businessProfiles)
    .innerJoin(users, eq(users.id, businessProfiles.userId))
    .where(inArray(businessProfiles.status, REPORTED_STATUSES));
  // Already sent (the job runs every 15 minutes during the window): not computed again.
  const done = new Set(
    (
      await ctx.db
        .select({ businessId: lifecycleEmails.businessId })
        .from(lifecycleEmails)
        .where(and(eq(lifecycleEmails.kind, 'monthly_report'), eq(lifecycleEmails.occasion, month)))
    ).map((r) => r.businessId),
  );
  for (const { profile, email } of rows) {
    if (done.has(profile.id)) continue;
    const timeZone = zoneOrUtc(profile.timeZone);
    if (todayInTimeZone(timeZone, now) < next) continue; // last month not over yet where the business is
    try {
      const { end } = await monthBounds(ctx.db, month, timeZone);
      if (profile.createdAt >= end) continue; // signed up after the month: nothing to report
      const figures = await computeMonthlyReport(ctx.db, { id: profile.id, timeZone }, month);
      const sent = await sendOnce(ctx, profile, 'monthly_report', month, () =>
        sendTemplateEmail(ctx, 'monthly_report', email, {
          ownerName: profile.ownerName,
          companyName: profile.companyName,
          month: monthLabel(month),
          lookups: String(figures.lookups),
          notFound: String(figures.notFound),
          portals: String(figures.portals),
          clientsCompleted: String(figures.clientsCompleted),
          newClients: String(figures.newClients),
          clientsTotal: String(figures.clientsTotal),
          clientsActive: String(figures.clientsActive),
          clientMessages: String(figures.clientMessages),
          link,
        }),
      );
      if (sent) result.sent += 1;
    } catch (err) {
      ctx.logger.warn({ err, businessId: profile.id }, 'monthly report failed');
    }
  }
  return result;
}
