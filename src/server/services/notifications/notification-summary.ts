import { and, count, eq, gte, ne, or, isNull, sql } from 'drizzle-orm';
import { instantAt, zonedTime } from '@core/quiet-hours';
import { zoneOrUtc } from '@core/validation/auth';
import type { AppContext } from '../../context';
import { notificationMessages } from '../../db/schema';
import { channelOutages } from './delivery-channel-status';

/** The dashboard's figure: updates (and invitations) the business's clients were sent this month (its time zone). */
export async function notificationSummary(ctx: AppContext, business: { id: string; timeZone: string }) {
  const zone = zoneOrUtc(business.timeZone);
  const today = zonedTime(ctx.clock.nowMs(), zone).date;
  const month = today.slice(0, 7);
  const since = new Date(instantAt(`${month}-01`, 0, zone));
  const [[sent], outages] = await Promise.all([
    ctx.db
      .select({ n: count(), texts: sql<number>`(count(*) filter (where ${notificationMessages.channel} = 'sms'))::int` })
      .from(notificationMessages)
      .where(
        and(
          eq(notificationMessages.businessId, business.id),
          eq(notificationMessages.state, 'sent'),
          gte(notificationMessages.sentAt, since),
          or(isNull(notificationMessages.via), ne(notificationMessages.via, 'log')),
        ),
      ),
    channelOutages(ctx.db),
  ]);
  const mail = outages.find((o) => o.channel === 'email');
  return { month, sentThisMonth: sent?.n ?? 0, textsThisMonth: sent?.texts ?? 0, mailOutage: mail ? { since: mail.since.toISOString(), lastError: mail.lastError } : null };
}
