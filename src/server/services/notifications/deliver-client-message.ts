import { and, eq, sql } from 'drizzle-orm';
import { classifyMailFailure } from '@core/mail-failure';
import { notificationTexts as texts } from '@core/notification-texts';
import type { AppContext } from '../../context';
import { createBatcher } from '../../lib/batcher';
import { emailBounces, notificationMessages } from '../../db/schema';
import { MailSendError } from '../../integrations/mail/mailer';
import { RetryLaterError } from '../job-queue/job-types';
import { markChannelDown, markChannelUp } from './delivery-channel-status';
import { enqueueBounceAlert, enqueueHeldAlerts } from './owner-alerts';
import type { MessageToSend } from './prepare-client-message';

const HOUR = 60 * 60 * 1000;

/**
 * "It works again" is written at once after this instance saw the outage, else at most every few seconds (another
 * instance may have seen it): each sent message would otherwise write.
 */
const upCheck = new WeakMap<AppContext, { at: number; knownDown: boolean }>();

async function noteChannelUp(ctx: AppContext): Promise<void> {
  const nowMs = ctx.clock.nowMs();
  const last = upCheck.get(ctx);
  if (last && !last.knownDown && Math.abs(nowMs - last.at) < 5000) return;
  upCheck.set(ctx, { at: nowMs, knownDown: false });
  await markChannelUp(ctx.db, 'email', ctx.clock.now());
}

async function setDetail(ctx: AppContext, id: string, detail: string): Promise<void> {
  await ctx.db
    .update(notificationMessages)
    .set({ detail: detail.slice(0, 500), updatedAt: ctx.clock.now() })
    .where(and(eq(notificationMessages.id, id), eq(notificationMessages.state, 'sending')));
}

/** The mail server refused the address for good: the message bounced, the address is marked, the owner is told. */
async function bounced(ctx: AppContext, m: MessageToSend, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(notificationMessages)
      .set({ state: 'bounced', detail: reason.slice(0, 500), updatedAt: now })
      .where(and(eq(notificationMessages.id, m.id), eq(notificationMessages.state, 'sending')))
      .returning({ portalId: notificationMessages.portalId, clientId: notificationMessages.clientId });
    if (rows.length === 0) return;
    const email = m.to.trim().toLowerCase();
    const added = await tx
      .insert(emailBounces)
      .values({ businessId: m.businessId, emailNormalized: email, reason: reason.slice(0, 500), bouncedAt: now, messageId: m.id })
      .onConflictDoNothing()
      .returning({ email: emailBounces.emailNormalized });
    if (added.length > 0) await enqueueBounceAlert(ctx, tx, { businessId: m.businessId, portalId: rows[0]!.portalId, clientId: rows[0]!.clientId, email, reason });
  });
}

/**
 * Hands a prepared message to the mail server (outside any transaction) with its fixed Message-ID and unsubscribe
 * headers, and records the result. A passing failure throws RetryLaterError for the queue to retry (the whole
 * channel held when the server itself is out of reach); a permanent one is recorded and ends the job.
 */
export async function deliverClientMessage(ctx: AppContext, m: MessageToSend): Promise<void> {
  const { 'Message-ID': messageId, ...headers } = m.headers;
  let via: string;
  try {
    const result = await ctx.mailer.send({ to: m.to, subject: m.subject, text: m.text, html: m.html, fromName: m.fromName, replyTo: m.replyTo ?? undefined, messageId, headers });
    via = result?.via ?? ctx.mailer.transport;
  } catch (err) {
    if (!(err instanceof MailSendError)) throw err;
    const kind = classifyMailFailure(err.failure);
    if (kind === 'bounce') return bounced(ctx, m, err.message);
    if (kind === 'rejected') {
      await ctx.db
        .update(notificationMessages)
        .set({ state: 'failed', detail: err.message.slice(0, 500), updatedAt: ctx.clock.now() })
        .where(and(eq(notificationMessages.id, m.id), eq(notificationMessages.state, 'sending')));
      return;
    }
    await setDetail(ctx, m.id, texts.retrying(err.message));
    if (kind === 'channel_down') {
      const now = ctx.clock.now();
      const since = await markChannelDown(ctx.db, 'email', err.message, now);
      upCheck.set(ctx, { at: now.getTime(), knownDown: true });
      if (now.getTime() - since.getTime() >= HOUR) await enqueueHeldAlerts(ctx, { channel: 'email', since, reason: err.message });
    }
    throw new RetryLaterError(err.message, { channelDown: kind === 'channel_down' });
  }
  await markSent(ctx, m.id, via);
  await noteChannelUp(ctx);
}

/**
 * Records messages as sent, those accepted within 20 ms of each other in one statement, right after the mail server
 * took them (a crash before this write sends them once more, with the same Message-ID: they were in flight).
 */
async function markSentBatch(ctx: AppContext, sent: { id: string; via: string }[]): Promise<Map<{ id: string; via: string }, void>> {
  const at = ctx.clock.now().toISOString();
  await ctx.db.execute(sql`update notification_messages as m set state = 'sent', sent_at = ${at}::timestamptz, via = v.via, detail = null, updated_at = ${at}::timestamptz
    from (values ${sql.join(sent.map((s) => sql`(${s.id}, ${s.via})`), sql`, `)}) as v(id, via)
    where m.id = v.id::uuid and m.state = 'sending'`);
  return new Map(sent.map((s) => [s, undefined]));
}

const sentBatchers = new WeakMap<AppContext, (s: { id: string; via: string }) => Promise<void>>();

function markSent(ctx: AppContext, id: string, via: string): Promise<void> {
  let mark = sentBatchers.get(ctx);
  if (!mark) {
    mark = createBatcher((sent: { id: string; via: string }[]) => markSentBatch(ctx, sent), 200, 20);
    sentBatchers.set(ctx, mark);
  }
  return mark({ id, via });
}

/** The queue stopped retrying (24 hours of failures): the message failed, with its last error. */
export async function clientMessageGaveUp(ctx: AppContext, messageId: string, error: string): Promise<void> {
  await ctx.db
    .update(notificationMessages)
    .set({ state: 'failed', detail: texts.gaveUp(error).slice(0, 500), updatedAt: ctx.clock.now() })
    .where(and(eq(notificationMessages.id, messageId), eq(notificationMessages.state, 'sending')));
}
