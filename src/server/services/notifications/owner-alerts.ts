import { and, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { businessProfiles, clients, notificationMessages, type MessageChannel } from '../../db/schema';
import { MailSendError } from '../../integrations/mail/mailer';
import { recordActivity } from '../activity/record-activity';
import { sendTemplateEmail } from '../email-templates/send-template-email';
import { RetryLaterError, type JobHandler } from '../job-queue/job-types';

// E-mails to the business owner about client messages (issue 19): an address that bounced, and a way out that has
// been failing for an hour. Queued like every message, so they are not lost while mail is down either.

export const OWNER_ALERT_JOB = 'notification.owner_alert';

type Alert =
  | { type: 'bounce'; businessId: string; portalId: string; clientId: string; email: string; reason: string }
  | { type: 'held'; businessId: string; channel: MessageChannel; since: string; reason: string };

export async function enqueueBounceAlert(ctx: AppContext, q: Db | Tx, alert: Omit<Extract<Alert, { type: 'bounce' }>, 'type'>): Promise<void> {
  await ctx.jobs.enqueue(q, [{ kind: OWNER_ALERT_JOB, dedupeKey: `bounce:${alert.businessId}:${alert.email}:${ctx.clock.nowMs()}`, payload: { type: 'bounce', ...alert } }]);
}

/**
 * Tells each business with messages waiting on a channel that has been failing for an hour (once per business and
 * outage), and records it where the platform operator sees activity.
 */
export async function enqueueHeldAlerts(ctx: AppContext, outage: { channel: MessageChannel; since: Date; reason: string }): Promise<void> {
  const waiting = await ctx.db
    .select({ businessId: notificationMessages.businessId })
    .from(notificationMessages)
    .where(and(eq(notificationMessages.channel, outage.channel), eq(notificationMessages.state, 'sending')))
    .groupBy(notificationMessages.businessId);
  for (const { businessId } of waiting) {
    const written = await ctx.jobs.enqueue(ctx.db, [
      {
        kind: OWNER_ALERT_JOB,
        dedupeKey: `held:${outage.channel}:${businessId}:${outage.since.toISOString()}`,
        payload: { type: 'held', businessId, channel: outage.channel, since: outage.since.toISOString(), reason: outage.reason },
      },
    ]);
    if (written > 0) {
      await recordActivity(ctx.db, { type: 'notifications.channel_down', businessId, detail: { channel: outage.channel, since: outage.since.toISOString(), reason: outage.reason.slice(0, 300) } });
    }
  }
}

function formatInstant(iso: string, timeZone: string): string {
  try {
    return new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone });
  } catch {
    return new Date(iso).toUTCString();
  }
}

async function valuesFor(ctx: AppContext, alert: Alert, owner: { ownerName: string; timeZone: string }): Promise<Record<string, string>> {
  if (alert.type === 'bounce') {
    const [client] = await ctx.db
      .select({ name: clients.name })
      .from(clients)
      .where(and(eq(clients.portalId, alert.portalId), eq(clients.clientId, alert.clientId)));
    return {
      ownerName: owner.ownerName,
      clientName: client?.name ?? alert.email,
      clientEmail: alert.email,
      reason: alert.reason,
      link: `${ctx.env.APP_URL}/app/portals/clients/${encodeURIComponent(alert.clientId)}?portal=${encodeURIComponent(alert.portalId)}`,
    };
  }
  const [waiting] = await ctx.db
    .select({ n: count() })
    .from(notificationMessages)
    .where(and(eq(notificationMessages.businessId, alert.businessId), eq(notificationMessages.channel, alert.channel), eq(notificationMessages.state, 'sending')));
  return {
    ownerName: owner.ownerName,
    channel: alert.channel === 'email' ? 'e-mail' : 'text message',
    since: formatInstant(alert.since, owner.timeZone),
    reason: alert.reason,
    waiting: String(waiting?.n ?? 0),
    link: `${ctx.env.APP_URL}/app/portals`,
  };
}

export function ownerAlertHandler(ctx: AppContext): JobHandler<Alert> {
  return {
    kind: OWNER_ALERT_JOB,
    channel: 'email',
    async run(job) {
      const alert = job.payload;
      const [owner] = await ctx.db
        .select({ ownerName: businessProfiles.ownerName, email: businessProfiles.email, timeZone: businessProfiles.timeZone })
        .from(businessProfiles)
        .where(eq(businessProfiles.id, alert.businessId));
      if (!owner) return;
      const values = await valuesFor(ctx, alert, owner);
      try {
        await sendTemplateEmail(ctx, alert.type === 'bounce' ? 'client_email_bounced' : 'client_messages_held', owner.email, values);
      } catch (err) {
        if (err instanceof MailSendError) throw new RetryLaterError(err.message, { channelDown: true });
        throw err;
      }
    },
  };
}
