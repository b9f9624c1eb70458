import { eq, inArray, sql } from 'drizzle-orm';
import { getPlan, isPlanId, searchUsageLevel, type Plan, type SearchUsageLevel } from '@core/plans';
import type { AppContext } from '../../context';
import { businessLookupMonthly, businessProfiles, portalLookupDaily, portals, usageWarnings } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import { renderEmail } from '../email-templates/render';
import { monthOf, todayIn } from './usage-month';

// Metering of portal lookups (decisions D5). Each lookup is counted in memory and written in batches (every
// second, or at once when a count may cross a warning threshold), one upsert per portal and day and one per
// business and month. Only a lookup that showed a client's card counts toward the plan (issue 17 item 3): misses,
// codes sent and refused lookups (rate-limited, invalid) are counted per day apart, for analytics. At 80% and 100%
// of the plan's searches the owner gets one e-mail per month; clients are never cut off.

type MeterCtx = Pick<AppContext, 'db' | 'env' | 'logger' | 'mailer' | 'settings'>;

export interface LookupEvent {
  businessId: string;
  portalId: string;
  timeZone: string;
  plan: string;
  /** `card`: a client's card was shown (the only outcome counted toward the plan); `code_sent`: a verification code. */
  outcome: LookupResult;
}

export type LookupResult = 'card' | 'miss' | 'code_sent';
/** Why a lookup was refused before it was answered. */
export type LookupRefusal = 'rateLimited' | 'invalid';

interface DailyCount {
  businessId: string;
  portalId: string;
  day: string;
  lookups: number;
  misses: number;
  rateLimited: number;
  invalid: number;
}

type DailyFigures = Pick<DailyCount, 'lookups' | 'misses' | 'rateLimited' | 'invalid'>;

interface MonthlyCount {
  businessId: string;
  month: string;
  lookups: number;
  plan: string;
}

export const FLUSH_INTERVAL_MS = 1000;
const FLUSH_AT_PENDING = 1000;

export interface UsageMeter {
  /** Counts one lookup. Resolves at once, except when the count may cross a threshold (then after the write). */
  record(event: LookupEvent): Promise<void>;
  /** Counts one refused lookup on the portal (its business is found when written; unknown portals are dropped). */
  recordRefusal(portalId: string, reason: LookupRefusal): void;
  /** Writes what is pending and sends any warning due. */
  flush(): Promise<void>;
  /** Lookups of the business this month not yet written. */
  pendingFor(businessId: string, month: string): number;
  close(): Promise<void>;
}

const meters = new WeakMap<object, UsageMeter>();

/** The app's meter (one per app context). */
export function usageMeterFor(ctx: MeterCtx): UsageMeter {
  let meter = meters.get(ctx);
  if (!meter) {
    meter = createUsageMeter(ctx);
    meters.set(ctx, meter);
  }
  return meter;
}

export function planFor(planId: string): Plan {
  return getPlan(isPlanId(planId) ? planId : 'starter');
}

function createUsageMeter(ctx: MeterCtx): UsageMeter {
  let daily = new Map<string, DailyCount>();
  let monthly = new Map<string, MonthlyCount>();
  let refusals = new Map<string, Record<LookupRefusal, number>>();
  let pending = 0;
  /** Last known written monthly total per business|month (to tell when a threshold may be crossed). */
  const known = new Map<string, number>();
  const warned = new Set<string>();
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush().catch((err: unknown) => ctx.logger.error({ err }, 'could not write portal lookup counts'));
    }, FLUSH_INTERVAL_MS);
    timer.unref();
  };

  async function writeBatch(days: DailyCount[], months: MonthlyCount[]) {
    if (days.length > 0) {
      await ctx.db.execute(sql`
        insert into ${portalLookupDaily} (business_id, portal_id, day, lookups, misses, rate_limited, invalid)
        select x.business_id, x.portal_id, x.day, x.lookups, x.misses, x.rate_limited, x.invalid
        from jsonb_to_recordset(${JSON.stringify(days.map((d) => ({ business_id: d.businessId, portal_id: d.portalId, day: d.day, lookups: d.lookups, misses: d.misses, rate_limited: d.rateLimited, invalid: d.invalid })))}::jsonb)
          as x(business_id text, portal_id text, day date, lookups integer, misses integer, rate_limited integer, invalid integer)
        where exists (select 1 from ${businessProfiles} b where b.id = x.business_id)
        on conflict (portal_id, day) do update
          set lookups = ${portalLookupDaily}.lookups + excluded.lookups, misses = ${portalLookupDaily}.misses + excluded.misses,
            rate_limited = ${portalLookupDaily}.rate_limited + excluded.rate_limited, invalid = ${portalLookupDaily}.invalid + excluded.invalid`);
    }
    for (const m of months) {
      const result = await ctx.db.execute(sql`
        insert into ${businessLookupMonthly} (business_id, month, lookups)
        select b.id, ${m.month}, ${m.lookups}::integer from ${businessProfiles} b where b.id = ${m.businessId}
        on conflict (business_id, month) do update
          set lookups = ${businessLookupMonthly}.lookups + excluded.lookups, updated_at = now()
        returning lookups`);
      const rows = (result as unknown as { rows: { lookups: number }[] }).rows;
      const total = rows[0]?.lookups;
      if (total === undefined) continue; // the business was deleted meanwhile
      known.set(`${m.businessId}|${m.month}`, total);
      await warnIfDue(m, total);
    }
  }

  async function warnIfDue(m: MonthlyCount, used: number) {
    const plan = planFor(m.plan);
    const level = searchUsageLevel(plan, used);
    if (level === 'ok' || plan.searchesPerMonth === null) return;
    // 100% implies 80%: a business that jumps past both gets only the 100% e-mail.
    const key = `${m.businessId}|${m.month}|${level}`;
    if (warned.has(key)) return;
    // Past 100% the 80% warning is never due any more (sent before, or skipped for the 100% one). Without this, a
    // process that starts after both were sent would write synchronously on every lookup of that business.
    if (level === 'exceeded') warned.add(`${m.businessId}|${m.month}|warning`);
    const claimed = await ctx.db
      .insert(usageWarnings)
      .values({ businessId: m.businessId, month: m.month, level, used, limit: plan.searchesPerMonth })
      .onConflictDoNothing()
      .returning({ level: usageWarnings.level });
    warned.add(key);
    if (claimed.length === 0) return;
    if (level === 'exceeded') {
      // Claim the 80% warning too, so it is not sent after the 100% one.
      await ctx.db.insert(usageWarnings).values({ businessId: m.businessId, month: m.month, level: 'warning', used, limit: plan.searchesPerMonth }).onConflictDoNothing();
    }
    await sendUsageWarning(ctx, m.businessId, m.month, level, used, plan).catch((err: unknown) =>
      ctx.logger.warn({ err, businessId: m.businessId }, 'could not send a usage warning e-mail'),
    );
  }

  /** Refused lookups go to their portal's business and day; portals that do not exist (any id can be asked) are dropped. */
  async function placeRefusals() {
    if (refusals.size === 0) return;
    const byPortal = refusals;
    refusals = new Map();
    const owners = await ctx.db
      .select({ portalId: portals.id, businessId: portals.businessId, timeZone: businessProfiles.timeZone })
      .from(portals)
      .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
      .where(inArray(portals.id, [...byPortal.keys()]))
      .catch((err: unknown) => {
        // Put them back so the next flush retries them.
        for (const [portalId, counts] of byPortal) {
          const now = refusals.get(portalId) ?? { rateLimited: 0, invalid: 0 };
          refusals.set(portalId, { rateLimited: now.rateLimited + counts.rateLimited, invalid: now.invalid + counts.invalid });
        }
        throw err;
      });
    for (const o of owners) addDaily(o.businessId, o.portalId, todayIn(o.timeZone), { lookups: 0, misses: 0, ...byPortal.get(o.portalId)! });
  }

  async function flushOnce() {
    if (pending === 0) return;
    await placeRefusals().catch((err: unknown) => {
      schedule();
      throw err;
    });
    const days = [...daily.values()];
    const months = [...monthly.values()];
    daily = new Map();
    monthly = new Map();
    pending = 0;
    try {
      await writeBatch(days, months);
    } catch (err) {
      // Put the counts back so the next flush retries them.
      for (const d of days) addDaily(d.businessId, d.portalId, d.day, d);
      for (const m of months) addMonthly(m.businessId, m.month, m.plan, m.lookups);
      schedule();
      throw err;
    }
  }

  async function flush(): Promise<void> {
    // Everything pending goes now: the scheduled flush has nothing left to do (the next count schedules another).
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    while (flushing) await flushing;
    flushing = flushOnce().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  /** Many counts pending: written now (in the background); otherwise with the next batch. */
  function writeSoon() {
    if (pending >= FLUSH_AT_PENDING) void flush().catch((err: unknown) => ctx.logger.error({ err }, 'could not write portal lookup counts'));
    else schedule();
  }

  function addDaily(businessId: string, portalId: string, day: string, add: DailyFigures) {
    const key = `${portalId}|${day}`;
    const d = daily.get(key);
    if (d) {
      d.lookups += add.lookups;
      d.misses += add.misses;
      d.rateLimited += add.rateLimited;
      d.invalid += add.invalid;
    } else daily.set(key, { businessId, portalId, day, lookups: add.lookups, misses: add.misses, rateLimited: add.rateLimited, invalid: add.invalid });
    pending += add.lookups + add.rateLimited + add.invalid;
  }

  function addMonthly(businessId: string, month: string, plan: string, lookups: number): MonthlyCount {
    const key = `${businessId}|${month}`;
    let m = monthly.get(key);
    if (m) {
      m.lookups += lookups;
      m.plan = plan;
    } else {
      m = { businessId, month, lookups, plan };
      monthly.set(key, m);
    }
    return m;
  }

  return {
    async record(event) {
      const day = todayIn(event.timeZone);
      const month = monthOf(day);
      addDaily(event.businessId, event.portalId, day, { lookups: 1, misses: event.outcome === 'miss' ? 1 : 0, rateLimited: 0, invalid: 0 });
      const limit = planFor(event.plan).searchesPerMonth;
      if (event.outcome === 'card') {
        const m = addMonthly(event.businessId, month, event.plan, 1);
        const base = known.get(`${event.businessId}|${month}`);
        const total = (base ?? 0) + m.lookups;
        const due = (level: SearchUsageLevel, threshold: number) => total >= threshold && !warned.has(`${event.businessId}|${month}|${level}`);
        // Unknown total (the first lookup counted here this month) or a threshold reached: write now, so the
        // warning goes out with this lookup.
        if (limit !== null && (base === undefined || due('warning', limit * 0.8) || due('exceeded', limit))) {
          await flush();
          return;
        }
      }
      writeSoon();
    },
    recordRefusal(portalId, reason) {
      const counts = refusals.get(portalId) ?? { rateLimited: 0, invalid: 0 };
      counts[reason] += 1;
      refusals.set(portalId, counts);
      pending += 1;
      writeSoon();
    },
    flush,
    pendingFor(businessId, month) {
      return monthly.get(`${businessId}|${month}`)?.lookups ?? 0;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await flush().catch((err: unknown) => ctx.logger.error({ err }, 'could not write portal lookup counts at shutdown'));
    },
  };
}

const monthName = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
};

/** The owner's e-mail at 80% or 100% of the plan's monthly searches, and an activity row the back office sees. */
async function sendUsageWarning(ctx: MeterCtx, businessId: string, month: string, level: Exclude<SearchUsageLevel, 'ok'>, used: number, plan: Plan) {
  const [business] = await ctx.db
    .select({ email: businessProfiles.email, ownerName: businessProfiles.ownerName, companyName: businessProfiles.companyName })
    .from(businessProfiles)
    .where(sql`${businessProfiles.id} = ${businessId}`);
  if (!business) return;
  await recordActivity(ctx.db, { type: level === 'exceeded' ? 'usage.limit_reached' : 'usage.limit_warning', businessId, detail: { month, used, limit: plan.searchesPerMonth, plan: plan.id } });
  const limit = plan.searchesPerMonth ?? 0;
  const settings = await ctx.settings.get();
  const values = {
    ownerName: business.ownerName,
    companyName: business.companyName,
    used: used.toLocaleString('en-US'),
    limit: limit.toLocaleString('en-US'),
    percent: String(Math.floor((used / limit) * 100)),
    planName: plan.name,
    month: monthName(month),
    link: `${ctx.env.APP_URL}/app/billing`,
  };
  const template =
    level === 'exceeded'
      ? {
          subject: '{{companyName}} has used all {{limit}} portal searches of {{month}}',
          body: [
            'Hello {{ownerName}},',
            'Your client portals have answered {{used}} lookups in {{month}}, the {{limit}} searches included in your {{planName}} plan.',
            'Your clients can still look up their status: nobody is cut off this month. To stay within your plan next month, consider a plan with more searches:',
            '{{link}}',
          ].join('\n\n'),
        }
      : {
          subject: '{{companyName}} has used {{percent}}% of its portal searches for {{month}}',
          body: [
            'Hello {{ownerName}},',
            'Your client portals have answered {{used}} of the {{limit}} lookups included in your {{planName}} plan for {{month}}.',
            'Nothing changes for your clients. If you expect more lookups this month, see the plans with more searches:',
            '{{link}}',
          ].join('\n\n'),
        };
  const mail = renderEmail(template, values, settings);
  await ctx.mailer.send({ to: business.email, fromName: settings.email.emailSenderName, ...mail });
}
