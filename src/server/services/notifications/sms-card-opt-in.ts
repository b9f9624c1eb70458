import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CardTextUpdates, SmsCodeSent } from '@core/api/notifications';
import { planHas } from '@core/plan-features';
import { notificationTexts as texts } from '@core/notification-texts';
import { maskPhone, normalizePhone, smsOptInCodeText } from '@core/sms';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { clients, clientSmsConsents } from '../../db/schema';
import { AppError, ConflictError, LimitExceededError, UnavailableError, ValidationError } from '../../errors';
import { SmsSendError, twilioSender } from '../../integrations/sms/twilio-sms';
import { businessPlanId } from '../business/plan-access';
import { hashVerificationCode, newVerificationCode, sameDigest } from '../client-access/secrets';
import { CODE_MAX_ATTEMPTS, CODE_MAX_PER_HOUR, CODE_RESEND_COOLDOWN_MS, CODE_TTL_MINUTES } from '../client-access/verification-codes';
import { decryptSecret, encryptSecret } from '../platform-settings/secret-box';
import type { LookupRow } from '../portal-lookup/lookup-queries';
import { currentPortalSettings } from '../portal-lookup/portal-settings';
import { cardSessionClient } from './email-updates-choice';
import { readPortalNotificationSettings } from './notification-settings-store';

// The client's own opt-in to texts on the portal card (issue 19 item 7, D10). On a verified card of a portal that
// texts urgent updates, the client asks for a code, which is texted to the number in the phone column; entering it
// records their consent (via 'code'). Turning texts off needs only the card session. The code is not stored: the
// answer carries a sealed challenge (portal, client, number, the code's keyed digest, expiry) that the confirmation
// sends back; its tries are counted in the rate store. With no SMS provider nothing is offered and nothing is sent.

const purposeKey = (ctx: Pick<AppContext, 'env'>) => `${ctx.env.BETTER_AUTH_SECRET ?? ''}\nsms-opt-in-code`;

/** The number texts would go to for this client, or null when texts cannot reach them (off, no provider, plan or number). */
export async function textableNumber(ctx: Pick<AppContext, 'db' | 'env'>, portal: { portalId: string; plan: string }, clientId: string): Promise<string | null> {
  if (!twilioSender(ctx.env) || !planHas(businessPlanId(portal), 'sms')) return null;
  const { sms } = await readPortalNotificationSettings(ctx.db, portal.portalId);
  if (!sms.enabled || sms.phoneColumn === '') return null;
  const [client] = await ctx.db.select({ raw: clients.raw }).from(clients).where(and(eq(clients.portalId, portal.portalId), eq(clients.clientId, clientId)));
  return normalizePhone(client?.raw[sms.phoneColumn] ?? '');
}

async function consentOf(db: Db, portalId: string, phone: string) {
  const [row] = await db.select().from(clientSmsConsents).where(and(eq(clientSmsConsents.portalId, portalId), eq(clientSmsConsents.phone, phone)));
  return row;
}

/** What a verified card shows about texts: the number (masked) and the client's choice; absent when texts cannot reach them. */
export async function cardTextUpdates(ctx: Pick<AppContext, 'db' | 'env'>, row: LookupRow): Promise<CardTextUpdates | undefined> {
  const phone = await textableNumber(ctx, row, row.clientId!);
  if (!phone) return undefined;
  const consent = await consentOf(ctx.db, row.portalId, phone);
  return { phone: maskPhone(phone), consent: consent?.consented ? 'given' : consent?.changedVia === 'stop' ? 'stopped' : 'none' };
}

async function cardNumber(ctx: AppContext, portalId: string, session: string): Promise<{ row: LookupRow; phone: string }> {
  const row = await cardSessionClient(ctx, portalId, session);
  const phone = await textableNumber(ctx, row, row.clientId!);
  if (!phone) throw new ConflictError(texts.sms.cardUnavailable, 'sms_unavailable');
  return { row, phone };
}

/** The name the portal shows (its company name, or the business's when left at the default). */
async function companyOf(ctx: AppContext, row: LookupRow): Promise<string> {
  const { config } = await currentPortalSettings(ctx.db, row.portalId, row.portalUpdatedAt);
  return config.companyName && config.companyName !== 'Your Company' ? config.companyName : row.businessName;
}

interface Challenge {
  portalId: string;
  clientId: string;
  phone: string;
  digest: string;
  expiresAtMs: number;
  nonce: string;
}

const codeDigest = (ctx: AppContext, c: Pick<Challenge, 'portalId' | 'clientId' | 'phone'>, code: string) =>
  hashVerificationCode(ctx.env, c.portalId, `${c.clientId}\nsms\n${c.phone}`, code);

function sealChallenge(ctx: AppContext, c: Challenge): string {
  return Buffer.from(encryptSecret(JSON.stringify(c), purposeKey(ctx)), 'utf8').toString('base64url');
}

function openChallenge(ctx: AppContext, token: string): Challenge | null {
  if (token.length > 1000 || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const plain = decryptSecret(Buffer.from(token, 'base64url').toString('utf8'), purposeKey(ctx));
  try {
    return plain ? (JSON.parse(plain) as Challenge) : null;
  } catch {
    return null;
  }
}

/** A text the provider refused, in the client's words: STOP on record with Twilio, a number that takes no texts, or Twilio out. */
function codeNotSent(err: SmsSendError): AppError {
  if (err.kind === 'opted_out') return new ConflictError(texts.sms.cardStopped, 'sms_opted_out');
  if (err.kind === 'recipient') return new ValidationError(texts.sms.cardNumberRefused, 'sms_number_refused');
  return new UnavailableError(texts.sms.cardNotNow, 'sms_unavailable');
}

/** Texts a 6-digit code to the card's client, at most one a minute and five an hour; answers the challenge to send back with it. */
export async function sendSmsOptInCode(ctx: AppContext, portalId: string, session: string): Promise<SmsCodeSent> {
  const { row, phone } = await cardNumber(ctx, portalId, session);
  const key = `sms-opt-in:${portalId}:${row.clientId}`;
  const recent = await ctx.rateStore.hit(`${key}:minute`, CODE_RESEND_COOLDOWN_MS);
  if (recent.count > 1) throw new LimitExceededError(texts.sms.cardCodeWait, recent.resetMs / 1000);
  const hourly = await ctx.rateStore.hit(`${key}:hour`, 60 * 60_000);
  if (hourly.count > CODE_MAX_PER_HOUR) throw new LimitExceededError(texts.sms.cardCodeWait, hourly.resetMs / 1000);
  const code = newVerificationCode();
  const sender = twilioSender(ctx.env)!;
  try {
    await sender.send({ to: phone, body: smsOptInCodeText(await companyOf(ctx, row), code, CODE_TTL_MINUTES) });
  } catch (err) {
    if (err instanceof SmsSendError) throw codeNotSent(err);
    throw err;
  }
  const c = { portalId, clientId: row.clientId!, phone };
  const challenge = sealChallenge(ctx, { ...c, digest: codeDigest(ctx, c, code), expiresAtMs: ctx.clock.nowMs() + CODE_TTL_MINUTES * 60_000, nonce: crypto.randomUUID() });
  return { challenge, phone: maskPhone(phone), minutes: CODE_TTL_MINUTES };
}

/** Checks the code against its challenge (this client, this number, in time, within five tries). */
async function checkCode(ctx: AppContext, row: LookupRow, phone: string, input: { challenge?: string; code?: string }): Promise<void> {
  const c = input.challenge ? openChallenge(ctx, input.challenge) : null;
  const wrong = () => new ValidationError(texts.sms.cardCodeWrong, 'invalid_code');
  if (!c || !input.code || c.portalId !== row.portalId || c.clientId !== row.clientId || c.phone !== phone) throw wrong();
  if (c.expiresAtMs <= ctx.clock.nowMs()) throw wrong();
  const tries = await ctx.rateStore.hit(`sms-opt-in-try:${c.nonce}`, CODE_TTL_MINUTES * 60_000);
  if (tries.count > CODE_MAX_ATTEMPTS || !sameDigest(c.digest, codeDigest(ctx, c, input.code))) throw wrong();
}

/**
 * The card's "Text me urgent updates": on with the texted code (consent via 'code'), off with the card session alone.
 * Answers what the card shows next.
 */
export async function setTextUpdatesFromCard(
  ctx: AppContext,
  portalId: string,
  input: { session: string; texts: boolean; challenge?: string; code?: string },
): Promise<CardTextUpdates> {
  const { row, phone } = await cardNumber(ctx, portalId, input.session);
  if (input.texts) await checkCode(ctx, row, phone, input);
  const values = { portalId, phone, consented: input.texts, changedVia: 'code' as const, changedAt: ctx.clock.now(), recordedByUserId: null };
  await ctx.db.insert(clientSmsConsents).values(values).onConflictDoUpdate({ target: [clientSmsConsents.portalId, clientSmsConsents.phone], set: values });
  return { phone: maskPhone(phone), consent: input.texts ? 'given' : 'none' };
}
