import { and, eq, sql } from 'drizzle-orm';
import { classifySmsReply } from '@core/sms';
import { notificationTexts as texts } from '@core/notification-texts';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { clientSmsConsents, notificationMessages } from '../../db/schema';
import { SmsSendError, twilioSender, type SmsSender } from '../../integrations/sms/twilio-sms';
import { RetryLaterError } from '../job-queue/job-types';
import { markChannelDown, markChannelUp } from './delivery-channel-status';
import { enqueueHeldAlerts } from './owner-alerts';
import type { TextToSend } from './prepare-client-message';

const HOUR = 60 * 60 * 1000;

/** Where Twilio reports a text's delivery (signed like every Twilio webhook). */
export const SMS_STATUS_PATH = '/api/public/sms/status';
/** Where Twilio forwards the replies to our number (STOP, START, HELP). */
export const SMS_INBOUND_PATH = '/api/public/sms/inbound';

async function finishText(ctx: AppContext, id: string, set: Partial<typeof notificationMessages.$inferInsert>): Promise<void> {
  await ctx.db
    .update(notificationMessages)
    .set({ ...set, updatedAt: ctx.clock.now() })
    .where(and(eq(notificationMessages.id, id), eq(notificationMessages.state, 'sending')));
}

/** A STOP (replied, or reported by Twilio as error 21610): no more texts to this number from any portal. */
export async function recordSmsStop(q: Db | Tx, phone: string, now: Date): Promise<number> {
  const rows = await q
    .update(clientSmsConsents)
    .set({ consented: false, changedVia: 'stop', changedAt: now })
    .where(and(eq(clientSmsConsents.phone, phone), eq(clientSmsConsents.consented, true)))
    .returning({ portalId: clientSmsConsents.portalId });
  return rows.length;
}

async function textFailed(ctx: AppContext, t: TextToSend, err: SmsSendError): Promise<void> {
  if (err.kind === 'recipient') return finishText(ctx, t.id, { state: 'failed', detail: err.message.slice(0, 500) });
  if (err.kind === 'opted_out') {
    await recordSmsStop(ctx.db, t.to, ctx.clock.now());
    return finishText(ctx, t.id, { state: 'skipped', detail: texts.sms.optedOut });
  }
  await ctx.db.update(notificationMessages).set({ detail: texts.retrying(err.message).slice(0, 500), updatedAt: ctx.clock.now() }).where(eq(notificationMessages.id, t.id));
  if (err.kind === 'down') {
    const now = ctx.clock.now();
    const since = await markChannelDown(ctx.db, 'sms', err.message, now);
    if (now.getTime() - since.getTime() >= HOUR) await enqueueHeldAlerts(ctx, { channel: 'sms', since, reason: err.message });
  }
  throw new RetryLaterError(err.message, { channelDown: err.kind === 'down' });
}

/**
 * Hands a prepared text to Twilio (outside any transaction) with our delivery-status address, and records the
 * result: sent with Twilio's Message SID; a number refused for good fails that text; a STOP on Twilio's side withdraws
 * the consent; Twilio out of reach (or the account refused) holds every text and retries.
 */
export async function deliverTextMessage(ctx: AppContext, t: TextToSend, sender: SmsSender | null = twilioSender(ctx.env)): Promise<void> {
  if (!sender) return finishText(ctx, t.id, { state: 'skipped', detail: texts.sms.notConfigured });
  let sid: string;
  try {
    sid = (await sender.send({ to: t.to, body: t.body, statusCallback: `${ctx.env.APP_URL}${SMS_STATUS_PATH}` })).sid;
  } catch (err) {
    if (!(err instanceof SmsSendError)) throw err;
    return textFailed(ctx, t, err);
  }
  const now = ctx.clock.now();
  await finishText(ctx, t.id, { state: 'sent', sentAt: now, via: 'twilio', providerMessageId: sid, detail: null });
  await markChannelUp(ctx.db, 'sms', now);
}

/**
 * Twilio's delivery report for a text we sent (MessageStatus): 'delivered' is noted on the message, 'undelivered' or
 * 'failed' fail it with the carrier's error code; other steps (queued, sent) change nothing. Returns whether the
 * message was ours.
 */
export async function recordTextStatus(ctx: AppContext, params: Record<string, string>): Promise<boolean> {
  const sid = params.MessageSid ?? params.SmsSid ?? '';
  const status = params.MessageStatus ?? params.SmsStatus ?? '';
  if (!sid) return false;
  const now = ctx.clock.now();
  let set: Partial<typeof notificationMessages.$inferInsert> | null = null;
  if (status === 'delivered') set = { detail: texts.sms.delivered };
  else if (status === 'undelivered' || status === 'failed') set = { state: 'failed', detail: texts.sms.undelivered(params.ErrorCode || '?') };
  const rows = await ctx.db
    .update(notificationMessages)
    .set({ ...(set ?? {}), updatedAt: now })
    .where(and(eq(notificationMessages.providerMessageId, sid), eq(notificationMessages.channel, 'sms'), sql`${notificationMessages.state} in ('sent', 'failed')`))
    .returning({ id: notificationMessages.id });
  return rows.length > 0;
}

/**
 * A text to our number: STOP withdraws the sender's consent everywhere; START gives it back where STOP had taken it;
 * HELP is answered with who sends these texts. Returns the answer to send back (TwiML), if any.
 */
export async function handleInboundText(ctx: AppContext, params: Record<string, string>): Promise<string | null> {
  const phone = (params.From ?? '').trim();
  const now = ctx.clock.now();
  switch (classifySmsReply(params.Body ?? '')) {
    case 'stop':
      await recordSmsStop(ctx.db, phone, now);
      return texts.sms.stopped;
    case 'start':
      await ctx.db
        .update(clientSmsConsents)
        .set({ consented: true, changedVia: 'start', changedAt: now })
        .where(and(eq(clientSmsConsents.phone, phone), eq(clientSmsConsents.consented, false), eq(clientSmsConsents.changedVia, 'stop')));
      return null;
    case 'help':
      return texts.sms.helpUnknown;
    case 'other':
      return null;
  }
}
