import { randomUUID } from 'node:crypto';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { composeUpdate, type MessageChanges, type UpdateItem } from '@core/notification-changes';
import { readNotificationSettings, statusLineFor, type NotificationSettings, type UpdateTrigger } from '@core/notification-settings';
import { planHas } from '@core/plan-features';
import { composeUrgentText, isUrgentUpdate, normalizePhone } from '@core/sms';
import { classifyStatus } from '@core/status';
import { notificationTexts as texts } from '@core/notification-texts';
import { readPortalConfig } from '@core/portal-config';
import { heldUntil, SMS_QUIET_WINDOW, startOfLocalDay } from '@core/quiet-hours';
import { zoneOrUtc } from '@core/validation/auth';
import { isEmail } from '@core/validation/email';
import { createWorkingCalendar, type WorkingCalendar } from '@core/working-days';
import type { PlatformSettings } from '@core/validation/admin-settings';
import type { AppContext } from '../../context';
import { createBatcher } from '../../lib/batcher';
import type { Tx } from '../../db/client';
import { jsonRecordset } from '../../db/json-recordset';
import { clientAccessTokens, clientSmsConsents, notificationMessages } from '../../db/schema';
import { accessLinkUrl, portalUrl, sealAccessToken, unsealAccessToken } from '../client-access/access-link';
import { servedDomainNames } from '../custom-domains/served-domains';
import { hashAccessToken, newAccessToken } from '../client-access/secrets';
import { twilioSender } from '../../integrations/sms/twilio-sms';
import { businessPlanId } from '../business/plan-access';
import { readWorkloadSettings } from '../sheet-sync/workload-state';
import { clientMailBranding, type ClientMailBranding } from './client-mail-branding';
import { renderInvitationEmail, renderUpdateEmail, type RenderedClientEmail } from './render-client-email';
import { unsubscribeUrls } from './unsubscribe-token';
import { loadMessages, type MessageRow, type Selection } from './load-client-messages';

/** A message whose content is fixed and may be handed to the mail server (again, after a crash). */
export interface MessageToSend {
  id: string;
  businessId: string;
  to: string;
  fromName: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** Passing failures of this content so far, and when the first was (retries stop 24 hours after it). */
  failures: number;
  firstFailedAt: Date | null;
  /** The round that claimed it: the writes after the send only touch the message while that round still holds it. */
  claim: string;
}

/** A round of a portal's e-mails claimed by one sender: what goes, under which claim, and until when its lease runs. */
export interface ClaimedRound {
  claim: string;
  leaseEndsMs: number;
  prepared: Map<string, Prepared>;
}

/** A text whose content is fixed and may be handed to the SMS provider. */
export interface TextToSend {
  id: string;
  portalId: string;
  to: string;
  body: string;
}

export type Prepared = { kind: 'send'; message: MessageToSend } | { kind: 'text'; text: TextToSend } | { kind: 'later'; at: Date } | { kind: 'finished' };

type Row = MessageRow;

/**
 * While an e-mail is being sent its `send_after` is the end of its sender's lease: a sender that died leaves it due
 * again then, to go once more with the same content and Message-ID. As long as the queue's own job lease (decision
 * 0016), so the job that is claimed again after a crash finds its messages due.
 */
export const SENDING_LEASE_MS = 2 * 60 * 1000;

/** What one batch writes, in a few statements at its end. */
interface Writes {
  skipped: { id: string; detail: string }[];
  held: { id: string; until: Date }[];
  sending: { id: string; triggers: string[]; to: string; subject: string | null; content: Record<string, unknown> }[];
  /** Messages found 'sending' that go again (a retry, or after their sender died). */
  resending: string[];
  /** This preparation's claim on the messages that go (written with their lease). */
  claim: string;
  tokens: (typeof clientAccessTokens.$inferInsert)[];
  /** Links made in this batch, by portal and client (an update and an invitation of one client share one). */
  links: Map<string, string>;
  /** The verified custom domains of the batch's portals: their links use the name (issue 23). */
  domains: Map<string, string>;
  /** Each portal's settings, read once per batch (the rows of a portal carry the same). */
  portals: Map<string, PortalRules>;
  /** Each portal's sender and branding, decided once per batch. */
  brandings: Map<string, ClientMailBranding>;
}

interface PortalRules {
  settings: NotificationSettings;
  calendar: WorkingCalendar;
  emailUpdates: boolean;
}

/** The portal's notification settings, working calendar and e-mail switch, read from the first of its rows in the batch. */
function rulesOf(writes: Writes, row: Row): PortalRules {
  let rules = writes.portals.get(row.m.portalId);
  if (!rules) {
    const workload = readWorkloadSettings(row.portal.workload);
    rules = {
      settings: readNotificationSettings(row.settings),
      calendar: createWorkingCalendar({ workingDays: workload.workingDays, holidays: workload.holidays }),
      emailUpdates: readPortalConfig(row.portal.config).emailNotifications,
    };
    writes.portals.set(row.m.portalId, rules);
  }
  return rules;
}

/** The portal's sender and branding (clientMailBranding), from the first of its rows in the batch. */
function brandingOf(ctx: AppContext, writes: Writes, row: Row, platform: PlatformSettings): ClientMailBranding {
  let branding = writes.brandings.get(row.m.portalId);
  if (!branding) {
    branding = clientMailBranding({ env: ctx.env, portalConfig: row.portal.config, business: row.business, platform });
    writes.brandings.set(row.m.portalId, branding);
  }
  return branding;
}

/** Triggers already sent to this client today (in the business's zone), for the once-a-day rule. */
async function sentToday(tx: Tx, row: Row, zone: string, nowMs: number): Promise<Set<UpdateTrigger>> {
  const since = new Date(startOfLocalDay(nowMs, zone));
  const rows = await tx
    .select({ triggers: notificationMessages.triggers })
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.portalId, row.m.portalId),
        eq(notificationMessages.clientId, row.m.clientId),
        eq(notificationMessages.channel, row.m.channel),
        inArray(notificationMessages.state, ['sent', 'sending']),
        gte(notificationMessages.updatedAt, since),
      ),
    );
  return new Set(rows.flatMap((r) => r.triggers) as UpdateTrigger[]);
}

function skip(writes: Writes, row: Row, detail: string): Prepared {
  writes.skipped.push({ id: row.m.id, detail });
  return { kind: 'finished' };
}

/** The client's access link for e-mails: the stored one unsealed, a new one when there is none (or it was for another address). */
function accessLinkFor(ctx: AppContext, writes: Writes, row: Row, now: Date): string {
  const email = row.client!.emailNormalized;
  const made = writes.links.get(`${row.m.portalId}\n${row.m.clientId}`);
  if (made) return made;
  if (row.token?.sealed && row.token.emailNormalized === email) {
    const token = unsealAccessToken(ctx.env, row.token.sealed);
    if (token) return accessLinkUrl(ctx.env, row.m.portalId, token, writes.domains.get(row.m.portalId));
  }
  if (row.token?.emailNormalized === email && !row.token.sealed) {
    // A link made before e-mails carried links: it cannot be read back, and replacing it would break the link the
    // business shared. The portal's personalised link (spec 7) stands in; the owner can send a new link by invitation.
    return `${portalUrl(ctx.env, row.m.portalId, writes.domains.get(row.m.portalId))}?email=${encodeURIComponent(row.client!.email.trim())}`;
  }
  const token = newAccessToken();
  writes.tokens.push({
    portalId: row.m.portalId,
    clientId: row.m.clientId,
    tokenHash: hashAccessToken(token),
    tokenSealed: sealAccessToken(ctx.env, token),
    emailNormalized: email,
    createdAt: now,
    createdByUserId: null,
  });
  const url = accessLinkUrl(ctx.env, row.m.portalId, token, writes.domains.get(row.m.portalId));
  writes.links.set(`${row.m.portalId}\n${row.m.clientId}`, url);
  return url;
}

/** Mail domain for our Message-IDs: MAIL_FROM's, else the app's host. */
function messageIdDomain(ctx: AppContext): string {
  const from = ctx.env.MAIL_FROM ?? '';
  const at = from.lastIndexOf('@');
  if (at > 0) return from.slice(at + 1).replace(/[>\s].*$/, '') || new URL(ctx.env.APP_URL).hostname;
  return new URL(ctx.env.APP_URL).hostname;
}

/** What the update says, or why nothing is said. */
async function updateItems(tx: Tx, row: Row, rules: PortalRules, zone: string, nowMs: number): Promise<{ items: UpdateItem[]; none?: string }> {
  const changes = row.m.changes as MessageChanges;
  const { settings, calendar } = rules;
  const limited = Boolean(changes.queue || changes.estimate || changes.removed);
  const today = limited ? await sentToday(tx, row, zone, nowMs) : new Set<UpdateTrigger>();
  const items = composeUpdate({ changes, settings, calendar, sentToday: today });
  if (items.length > 0) return { items };
  const withoutLimit = today.size > 0 && composeUpdate({ changes, settings, calendar, sentToday: new Set() }).length > 0;
  return { items, none: withoutLimit ? texts.skipped.dailyLimit : texts.skipped.changedBack };
}

/** Why this message cannot go to this client's address, if it cannot. */
function addressProblem(row: Row): string | null {
  if (!isEmail(row.client!.email.trim())) return texts.skipped.invalidAddress(row.client!.email);
  if (row.optedOut) return texts.skipped.optedOut;
  if (row.bounced) return texts.skipped.bouncing;
  return null;
}

function render(ctx: AppContext, row: Row, settings: NotificationSettings, items: UpdateItem[], link: string, branding: ClientMailBranding): { mail: RenderedClientEmail; replyTo: string | null; fromName: string; unsubscribe: { oneClick: string; page: string } } {
  const unsubscribe = unsubscribeUrls(ctx.env, { portalId: row.m.portalId, emailNormalized: row.client!.emailNormalized });
  const client = { name: row.client!.name, status: row.client!.status, position: row.client!.position, estimate: row.client!.estimate };
  const mail =
    row.m.purpose === 'invitation'
      ? renderInvitationEmail({ branding, templates: settings.templates, client, link, unsubscribeUrl: unsubscribe.page })
      : renderUpdateEmail({ branding, templates: settings.templates, client, items, link, unsubscribeUrl: unsubscribe.page });
  return { mail, replyTo: branding.replyTo, fromName: branding.senderName, unsubscribe };
}

function toSend(row: Row, content: Record<string, unknown>, claim: string): MessageToSend {
  const c = content as { text: string; html: string; headers: Record<string, string>; fromName: string; replyTo: string | null };
  const again = row.m.state === 'sending';
  return {
    id: row.m.id,
    businessId: row.m.businessId,
    to: row.m.toAddress!,
    subject: row.m.subject!,
    text: c.text,
    html: c.html,
    headers: c.headers,
    fromName: c.fromName,
    replyTo: c.replyTo,
    failures: again ? row.m.failures : 0,
    firstFailedAt: again ? row.m.firstFailedAt : null,
    claim,
  };
}

/** What becomes of one message whose time has come (the rules of `prepareClientMessages`). */
async function decide(ctx: AppContext, tx: Tx, row: Row, writes: Writes, now: Date, platform: PlatformSettings): Promise<Prepared> {
  if (['sent', 'bounced', 'failed', 'skipped'].includes(row.m.state)) return { kind: 'finished' };
  if (row.m.channel === 'sms') return decideText(ctx, tx, row, writes, now, platform);
  if (row.m.state === 'sending' && row.m.content) {
    writes.resending.push(row.m.id);
    return { kind: 'send', message: toSend(row, row.m.content, writes.claim) };
  }
  const rules = rulesOf(writes, row);
  const { settings } = rules;
  const zone = zoneOf(row.business.timeZone);
  if (row.m.purpose === 'update' && !rules.emailUpdates) return skip(writes, row, texts.skipped.notificationsOff);
  if (!row.client) return skip(writes, row, texts.skipped.clientGone);
  const changes = row.m.changes as MessageChanges;
  if (row.client.removedAt && !(row.m.purpose === 'update' && changes.removed)) return skip(writes, row, texts.skipped.clientRemoved);
  const { items, none } = row.m.purpose === 'update' ? await updateItems(tx, row, rules, zone, now.getTime()) : { items: [] };
  if (none) return skip(writes, row, none);
  const problem = addressProblem(row);
  if (problem) return skip(writes, row, problem);
  const until = settings.quietHours.enabled ? heldUntil(now.getTime(), zone, settings.quietHours) : null;
  if (until !== null) {
    writes.held.push({ id: row.m.id, until: new Date(until) });
    return { kind: 'later', at: new Date(until) };
  }
  const link = accessLinkFor(ctx, writes, row, now);
  const { mail, replyTo, fromName, unsubscribe } = render(ctx, row, settings, items, link, brandingOf(ctx, writes, row, platform));
  const content = {
    text: mail.text,
    html: mail.html,
    fromName,
    replyTo,
    headers: { 'Message-ID': `<${row.m.id}@${messageIdDomain(ctx)}>`, 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
  const to = row.client.email.trim();
  writes.sending.push({ id: row.m.id, triggers: row.m.purpose === 'invitation' ? ['invitation'] : items.map((i) => i.trigger), to, subject: mail.subject, content });
  return { kind: 'send', message: toSend({ ...row, m: { ...row.m, toAddress: to, subject: mail.subject } }, content, writes.claim) };
}

/** Texts of this client sent (or going) today, in the business's zone, for the daily limit. */
async function textsToday(tx: Tx, row: Row, zone: string, nowMs: number): Promise<number> {
  const [r] = await tx
    .select({ n: count() })
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.portalId, row.m.portalId),
        eq(notificationMessages.clientId, row.m.clientId),
        eq(notificationMessages.channel, 'sms'),
        inArray(notificationMessages.state, ['sent', 'sending']),
        gte(notificationMessages.updatedAt, new Date(startOfLocalDay(nowMs, zone))),
      ),
    );
  return r?.n ?? 0;
}

/** Why texts cannot go to this client now (off, no provider or plan, no number, no consent), if they cannot. */
async function textProblem(ctx: AppContext, tx: Tx, row: Row, settings: NotificationSettings): Promise<{ problem: string } | { phone: string }> {
  if (!settings.sms.enabled) return { problem: texts.sms.off };
  if (!twilioSender(ctx.env)) return { problem: texts.sms.notConfigured };
  if (!planHas(businessPlanId(row.business), 'sms')) return { problem: texts.sms.planWithout };
  if (!row.client) return { problem: texts.skipped.clientGone };
  if (row.client.removedAt) return { problem: texts.skipped.clientRemoved };
  if (settings.sms.phoneColumn === '') return { problem: texts.sms.noPhoneColumn };
  const cell = row.client.raw?.[settings.sms.phoneColumn] ?? '';
  const phone = normalizePhone(cell);
  if (!phone) return { problem: texts.sms.invalidPhone(cell) };
  const [consent] = await tx
    .select({ consented: clientSmsConsents.consented, via: clientSmsConsents.changedVia })
    .from(clientSmsConsents)
    .where(and(eq(clientSmsConsents.portalId, row.m.portalId), eq(clientSmsConsents.phone, phone)));
  if (!consent?.consented) return { problem: consent?.via === 'stop' ? texts.sms.optedOut : texts.sms.noConsent };
  return { phone };
}

/**
 * A text whose time has come: urgent changes still urgent (not changed back), texts on, provider, plan, a number in
 * the phone column, the client's consent, under the daily limit; held until 8:00 outside 8:00-21:00 (and during the
 * portal's quiet hours). Its body is fixed when it goes; a text found 'sending' goes again as it was.
 */
async function decideText(ctx: AppContext, tx: Tx, row: Row, writes: Writes, now: Date, platform: PlatformSettings): Promise<Prepared> {
  if (row.m.state === 'sending' && row.m.content) return { kind: 'text', text: { id: row.m.id, portalId: row.m.portalId, to: row.m.toAddress!, body: String(row.m.content.body) } };
  const { settings } = rulesOf(writes, row);
  const zone = zoneOf(row.business.timeZone);
  const changes = row.m.changes as MessageChanges;
  const checked = await textProblem(ctx, tx, row, settings);
  if ('problem' in checked) return skip(writes, row, checked.problem);
  if (!isUrgentUpdate(changes, row.client!.priority, settings.sms)) return skip(writes, row, texts.skipped.changedBack);
  const sent = await textsToday(tx, row, zone, now.getTime());
  if (sent >= settings.sms.dailyLimit) return skip(writes, row, texts.sms.dailyLimit(sent));
  const quiet = settings.quietHours.enabled ? heldUntil(now.getTime(), zone, settings.quietHours) : null;
  const until = Math.max(heldUntil(now.getTime(), zone, SMS_QUIET_WINDOW) ?? 0, quiet ?? 0);
  if (until > 0) {
    writes.held.push({ id: row.m.id, until: new Date(until) });
    return { kind: 'later', at: new Date(until) };
  }
  const status = changes.status!.to;
  const { senderName } = brandingOf(ctx, writes, row, platform);
  const body = composeUrgentText({ companyName: senderName, status, line: statusLineFor(settings, status), link: accessLinkFor(ctx, writes, row, now) });
  writes.sending.push({ id: row.m.id, triggers: [classifyStatus(status) === 'completed' ? 'completed' : 'status'], to: checked.phone, subject: null, content: { body } });
  return { kind: 'text', text: { id: row.m.id, portalId: row.m.portalId, to: checked.phone, body } };
}

/** A zone Intl knows, checked once per zone name (a check costs a formatter). */
const zones = new Map<string, string>();
function zoneOf(timeZone: string): string {
  let zone = zones.get(timeZone);
  if (zone === undefined) {
    zone = zoneOrUtc(timeZone);
    zones.set(timeZone, zone);
  }
  return zone;
}


async function applyWrites(tx: Tx, writes: Writes, now: Date): Promise<void> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + SENDING_LEASE_MS).toISOString();
  if (writes.tokens.length > 0) {
    const tokens = writes.tokens.map((t) => ({ p: t.portalId, c: t.clientId, h: t.tokenHash, s: t.tokenSealed, e: t.emailNormalized }));
    await tx.execute(sql`insert into client_access_tokens (portal_id, client_id, token_hash, token_sealed, email_normalized, created_at, created_by_user_id, last_used_at)
      select v.p, v.c, v.h, v.s, v.e, ${at}::timestamptz, null, null from ${jsonRecordset(tokens)} as v(p text, c text, h text, s text, e text)
      on conflict (portal_id, client_id) do update set token_hash = excluded.token_hash, token_sealed = excluded.token_sealed,
        email_normalized = excluded.email_normalized, created_at = excluded.created_at, created_by_user_id = null, last_used_at = null`);
  }
  if (writes.skipped.length > 0) {
    await tx.execute(sql`update notification_messages as m set state = 'skipped', detail = v.detail, updated_at = ${at}::timestamptz
      from ${jsonRecordset(writes.skipped)} as v(id uuid, detail text) where m.id = v.id`);
  }
  if (writes.held.length > 0) {
    await tx.execute(sql`update notification_messages as m set state = 'held', send_after = v.until, updated_at = ${at}::timestamptz
      from ${jsonRecordset(writes.held)} as v(id uuid, until timestamptz) where m.id = v.id`);
  }
  if (writes.sending.length > 0) {
    await tx.execute(sql`update notification_messages as m set state = 'sending', triggers = v.triggers, to_address = v.to, subject = v.subject,
        content = v.content, updated_at = ${at}::timestamptz, attempts = m.attempts + 1, send_after = ${lease}::timestamptz,
        claim = ${writes.claim}::uuid, failures = 0, first_failed_at = null
      from ${jsonRecordset(writes.sending)} as v(id uuid, triggers jsonb, "to" text, subject text, content jsonb)
      where m.id = v.id`);
  }
  if (writes.resending.length > 0) await tx.update(notificationMessages).set({ sendAfter: new Date(lease), claim: writes.claim }).where(inArray(notificationMessages.id, writes.resending));
}

/**
 * Decides, in one short transaction holding the message rows, what happens to messages whose time has come: each is
 * finished already (sent, or decided), waits (quiet hours), is not sent (with the reason), or has its content fixed
 * and goes (state 'sending'). A message found 'sending' was being sent when its worker died: it goes again, the
 * same content with the same Message-ID. Many messages share one transaction and a few statements (the queue runs
 * them side by side; `prepareClientMessage` gathers them).
 */
export async function prepareClientMessages(ctx: AppContext, ids: string[]): Promise<Map<string, Prepared>> {
  const out = new Map<string, Prepared>(ids.map((id) => [id, { kind: 'finished' }]));
  for (const [id, prepared] of await prepareSelected(ctx, { ids }, randomUUID())) out.set(id, prepared);
  return out;
}

/**
 * Claims up to `limit` of a portal's e-mails whose time has come (skipping those another sender holds: its
 * transaction, or its lease on a message being sent) and prepares them as `prepareClientMessages` does. Messages
 * that go are 'sending' under this round's claim and lease on return (the lease counted from before the claim, so
 * it never ends later than written). No prepared messages: nothing is due.
 */
export async function claimDueEmails(ctx: AppContext, portalId: string, limit: number): Promise<ClaimedRound> {
  const now = ctx.clock.now();
  const claim = randomUUID();
  const prepared = await prepareSelected(ctx, { portalId, now, limit }, claim);
  return { claim, leaseEndsMs: now.getTime() + SENDING_LEASE_MS, prepared };
}

async function prepareSelected(ctx: AppContext, selection: Selection, claim: string): Promise<Map<string, Prepared>> {
  const platform = await ctx.settings.get();
  return ctx.db.transaction(async (tx) => {
    const rows = await loadMessages(tx, selection);
    const now = ctx.clock.now();
    const domains = await servedDomainNames(tx, rows.map((r) => r.m.portalId), now.getTime());
    const writes: Writes = { skipped: [], held: [], sending: [], resending: [], claim, tokens: [], links: new Map(), domains, portals: new Map(), brandings: new Map() };
    const out = new Map<string, Prepared>();
    for (const row of rows) out.set(row.m.id, await decide(ctx, tx, row, writes, now, platform));
    await applyWrites(tx, writes, now);
    return out;
  });
}

const batchers = new WeakMap<AppContext, (id: string) => Promise<Prepared>>();

/** Prepares one message, in a batch with the others prepared in the same turn (see prepareClientMessages). */
export function prepareClientMessage(ctx: AppContext, messageId: string): Promise<Prepared> {
  let load = batchers.get(ctx);
  if (!load) {
    load = createBatcher((ids: string[]) => prepareClientMessages(ctx, ids), 100);
    batchers.set(ctx, load);
  }
  return load(messageId);
}
