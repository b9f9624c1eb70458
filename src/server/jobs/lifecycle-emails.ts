import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { businessProfiles, users } from '../db/schema';
import { snapshotDailyMetrics } from '../services/admin/snapshot-daily-metrics';
import { sendTemplateEmail } from '../services/email-templates/send-template-email';
import { sendOnce } from './lifecycle-claim';
import { runMonthlyReports } from './monthly-report';

type JobContext = Pick<AppContext, 'db' | 'env' | 'mailer' | 'settings' | 'logger'>;

const DAY = 86_400_000;
/** A trial that ended longer ago than this gets no "trial ended" e-mail (e.g. when the setting is first turned on). */
const TRIAL_ENDED_LOOKBACK_MS = 7 * DAY;

const formatDate = (d: Date, timeZone: string) => {
  try {
    return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone });
  } catch {
    return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  }
};

/**
 * The trial-ending reminder (the configured days before the end) and the trial-ended e-mail (when enabled), each
 * once per business and trial end. Returns how many went out.
 */
export async function runLifecycleEmails(ctx: JobContext, now: Date): Promise<{ trialEnding: number; trialEnded: number }> {
  const s = await ctx.settings.get();
  const result = { trialEnding: 0, trialEnded: 0 };
  const select = () =>
    ctx.db
      .select({ profile: businessProfiles, email: users.email })
      .from(businessProfiles)
      .innerJoin(users, eq(users.id, businessProfiles.userId));
  const link = `${ctx.env.APP_URL}/app/billing`;

  const reminderDays = s.email.trialEndingReminderDays;
  if (reminderDays > 0) {
    const ending = await select().where(
      and(
        eq(businessProfiles.status, 'trial'),
        gt(businessProfiles.trialEndsAt, now),
        lte(businessProfiles.trialEndsAt, new Date(now.getTime() + reminderDays * DAY)),
      ),
    );
    for (const { profile, email } of ending) {
      const end = profile.trialEndsAt!;
      const daysLeft = Math.max(1, Math.ceil((end.getTime() - now.getTime()) / DAY));
      const sent = await sendOnce(ctx, profile, 'trial_ending', end.toISOString(), () =>
        sendTemplateEmail(ctx, 'trial_ending', email, {
          ownerName: profile.ownerName,
          companyName: profile.companyName,
          daysLeft: String(daysLeft),
          timeLeft: daysLeft === 1 ? '1 day' : `${daysLeft} days`,
          trialEndDate: formatDate(end, profile.timeZone),
          link,
        }),
      );
      if (sent) result.trialEnding += 1;
    }
  }

  if (s.email.trialEndedEmailEnabled) {
    const ended = await select().where(
      and(
        eq(businessProfiles.status, 'trial'),
        lte(businessProfiles.trialEndsAt, now),
        gt(businessProfiles.trialEndsAt, new Date(now.getTime() - TRIAL_ENDED_LOOKBACK_MS)),
      ),
    );
    for (const { profile, email } of ended) {
      const sent = await sendOnce(ctx, profile, 'trial_ended', profile.trialEndsAt!.toISOString(), () =>
        sendTemplateEmail(ctx, 'trial_ended', email, { ownerName: profile.ownerName, companyName: profile.companyName, link }),
      );
      if (sent) result.trialEnded += 1;
    }
  }
  return result;
}

/** One pass of the back office's scheduled work: lifecycle e-mails, the monthly reports and today's daily figures. */
export async function runBackOfficeJobs(ctx: JobContext, now: Date): Promise<void> {
  await runLifecycleEmails(ctx, now);
  await runMonthlyReports(ctx, now);
  await snapshotDailyMetrics(ctx.db, now);
}

export const BACK_OFFICE_JOB_INTERVAL_MS = 15 * 60_000;

/** Runs the back-office jobs shortly after start and then every 15 minutes (not under NODE_ENV=test). */
export function scheduleBackOfficeJobs(app: FastifyInstance) {
  if (app.ctx.env.NODE_ENV === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runBackOfficeJobs(app.ctx, app.ctx.clock.now());
    } catch (err) {
      app.log.warn({ err }, 'back-office jobs failed');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    setTimeout(() => void tick(), 5_000).unref();
    timer = setInterval(() => void tick(), BACK_OFFICE_JOB_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
