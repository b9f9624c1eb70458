import { and, eq, sql } from 'drizzle-orm';
import { afterFailure } from '@core/job-retry';
import { classifyMailFailure } from '@core/mail-failure';
import { notificationTexts as texts } from '@core/notification-texts';
import type { AppContext } from '../../context';
import { createBatcher } from '../../lib/batcher';
import { jsonRecordset } from '../../db/json-recordset';
import { emailBounces, notificationMessages } from '../../db/schema';
import { MailSendError } from '../../integrations/mail/mailer';
import { markChannelDown, markChannelUp } from './delivery-channel-status';
import { enqueueBounceAlert, enqueueHeldAlerts } from './owner-alerts';
import type { MessageToSend } from './prepare-client-message';

const HOUR = 60 * 60 * 1000;

/** The message is still being sent by the round that handed it over (another sender took over none of it). */
const stillClaimed = (m: Pick<MessageToSend, 'id' | 'claim'>) =>
  and(eq(notificationMessages.id, m.id), eq(notificationMessages.state, 'sending'), eq(notificationMessages.claim, m.claim));

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

/** The mail server refused the address for good: the message bounced, the address is marked, the owner is told. */
async function bounced(ctx: AppContext, m: MessageToSend, reason: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(notificationMessages)
      .set({ state: 'bounced', detail: reason.slice(0, 500), updatedAt: now })
      .where(stillClaimed(m))
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

/** What became of one e-mail handed over: done (sent, bounced or refused for good, recorded), or to be tried again. */
export type DeliveryOutcome = { retry: false } | { retry: true; error: string; channelDown: boolean };

/**
 * A passing failure of one message: tried again after the backoff of its failures in a row (30 s, 1 min, ... an hour
 * apart), its content and Message-ID kept, until 24 hours after the first; then it failed.
 */
async function retryLater(ctx: AppContext, m: MessageToSend, error: string): Promise<void> {
  const now = ctx.clock.now();
  const firstFailedAt = m.firstFailedAt ?? now;
  const failures = m.failures + 1;
  const next = afterFailure({ failedAttempts: failures, firstFailedAtMs: firstFailedAt.getTime(), nowMs: now.getTime(), jitter: Math.random() });
  if (next.giveUp) return clientMessageGaveUp(ctx, m.id, error, m.claim);
  // Released (no claim): the round's lease renewals leave its retry time alone; its next claim takes it.
  await ctx.db
    .update(notificationMessages)
    .set({ sendAfter: new Date(next.retryAtMs), claim: null, failures, firstFailedAt, detail: texts.retrying(error).slice(0, 500), updatedAt: now })
    .where(stillClaimed(m));
}

/**
 * Hands a prepared message to the mail server (outside any transaction) with its fixed Message-ID and unsubscribe
 * headers, and records the result: sent; a permanent refusal (bounced, or failed); a passing one (the message waits
 * for its retry, and when the server itself is out of reach the outage is recorded: the caller holds the channel).
 * `answered` runs as soon as the mail server has answered, before the result is recorded.
 */
export async function deliverClientMessage(ctx: AppContext, m: MessageToSend, answered: () => void = () => {}): Promise<DeliveryOutcome> {
  const { 'Message-ID': messageId, ...headers } = m.headers;
  let via: string;
  try {
    const result = await ctx.mailer.send({ to: m.to, subject: m.subject, text: m.text, html: m.html, fromName: m.fromName, replyTo: m.replyTo ?? undefined, messageId, headers });
    answered();
    via = result?.via ?? ctx.mailer.transport;
  } catch (err) {
    answered();
    if (!(err instanceof MailSendError)) throw err;
    const kind = classifyMailFailure(err.failure);
    if (kind === 'bounce') {
      await bounced(ctx, m, err.message);
      return { retry: false };
    }
    if (kind === 'rejected') {
      await ctx.db
        .update(notificationMessages)
        .set({ state: 'failed', detail: err.message.slice(0, 500), updatedAt: ctx.clock.now() })
        .where(stillClaimed(m));
      return { retry: false };
    }
    await retryLater(ctx, m, err.message);
    if (kind === 'channel_down') {
      const now = ctx.clock.now();
      const since = await markChannelDown(ctx.db, 'email', err.message, now);
      upCheck.set(ctx, { at: now.getTime(), knownDown: true });
      if (now.getTime() - since.getTime() >= HOUR) await enqueueHeldAlerts(ctx, { channel: 'email', since, reason: err.message });
    }
    return { retry: true, error: err.message, channelDown: kind === 'channel_down' };
  }
  await markSent(ctx, { id: m.id, claim: m.claim, via });
  await noteChannelUp(ctx);
  return { retry: false };
}

interface Sent {
  id: string;
  claim: string;
  via: string;
}

/**
 * Records messages as sent, those accepted within 20 ms of each other in one statement, right after the mail server
 * took them (a crash before this write sends them once more, with the same Message-ID: they were in flight). Only
 * messages their round still holds: one another sender took over is its to settle.
 */
async function markSentBatch(ctx: AppContext, sent: Sent[]): Promise<Map<Sent, void>> {
  const at = ctx.clock.now().toISOString();
  const rows = sent.map((s) => ({ id: s.id, claim: s.claim, via: s.via }));
  await ctx.db.execute(sql`update notification_messages as m set state = 'sent', sent_at = ${at}::timestamptz, via = v.via, detail = null, updated_at = ${at}::timestamptz
    from ${jsonRecordset(rows)} as v(id uuid, claim uuid, via text)
    where m.id = v.id and m.state = 'sending' and m.claim = v.claim`);
  return new Map(sent.map((s) => [s, undefined]));
}

const sentBatchers = new WeakMap<AppContext, (s: Sent) => Promise<void>>();

function markSent(ctx: AppContext, sent: Sent): Promise<void> {
  let mark = sentBatchers.get(ctx);
  if (!mark) {
    mark = createBatcher((batch: Sent[]) => markSentBatch(ctx, batch), 200, 20);
    sentBatchers.set(ctx, mark);
  }
  return mark(sent);
}

/** Retries stopped (24 hours of failures): the message failed, with its last error (an e-mail: if its round still holds it). */
export async function clientMessageGaveUp(ctx: AppContext, messageId: string, error: string, claim?: string): Promise<void> {
  await ctx.db
    .update(notificationMessages)
    .set({ state: 'failed', detail: texts.gaveUp(error).slice(0, 500), updatedAt: ctx.clock.now() })
    .where(claim ? stillClaimed({ id: messageId, claim }) : and(eq(notificationMessages.id, messageId), eq(notificationMessages.state, 'sending')));
}
