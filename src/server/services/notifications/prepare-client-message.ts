import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { composeUpdate, type MessageChanges, type UpdateItem } from '@core/notification-changes';
import { readNotificationSettings, type NotificationSettings, type UpdateTrigger } from '@core/notification-settings';
import { notificationTexts as texts } from '@core/notification-texts';
import { readPortalConfig } from '@core/portal-config';
import { heldUntil, startOfLocalDay } from '@core/quiet-hours';
import { zoneOrUtc } from '@core/validation/auth';
import { isEmail } from '@core/validation/email';
import { createWorkingCalendar } from '@core/working-days';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { businessProfiles, clientAccessTokens, clientNotificationPrefs, clients, emailBounces, notificationMessages, portalNotificationSettings, portals } from '../../db/schema';
import { accessLinkUrl, storeAccessToken, unsealAccessToken } from '../client-access/access-link';
import { newAccessToken } from '../client-access/secrets';
import { readWorkloadSettings } from '../sheet-sync/run-sync';
import { clientMailBranding } from './client-mail-branding';
import { renderInvitationEmail, renderUpdateEmail, type RenderedClientEmail } from './render-client-email';
import { unsubscribeUrls } from './unsubscribe-token';

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
}

export type Prepared = { kind: 'send'; message: MessageToSend } | { kind: 'later'; at: Date } | { kind: 'finished' };

type Row = NonNullable<Awaited<ReturnType<typeof loadMessage>>>;

async function loadMessage(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      m: notificationMessages,
      client: {
        name: clients.name,
        email: clients.email,
        emailNormalized: clients.emailNormalized,
        status: clients.status,
        removedAt: clients.removedAt,
        position: clients.queuePosition,
        estimate: clients.estimatedCompletion,
      },
      portal: { config: portals.config, workload: portals.workloadSettings },
      business: { companyName: businessProfiles.companyName, email: businessProfiles.email, plan: businessProfiles.plan, timeZone: businessProfiles.timeZone },
      settings: portalNotificationSettings.settings,
      optedOut: clientNotificationPrefs.emailOptOut,
      bounced: emailBounces.reason,
      token: { sealed: clientAccessTokens.tokenSealed, emailNormalized: clientAccessTokens.emailNormalized },
    })
    .from(notificationMessages)
    .innerJoin(portals, eq(portals.id, notificationMessages.portalId))
    .innerJoin(businessProfiles, eq(businessProfiles.id, notificationMessages.businessId))
    .leftJoin(clients, and(eq(clients.portalId, notificationMessages.portalId), eq(clients.clientId, notificationMessages.clientId)))
    .leftJoin(portalNotificationSettings, eq(portalNotificationSettings.portalId, notificationMessages.portalId))
    .leftJoin(clientNotificationPrefs, and(eq(clientNotificationPrefs.portalId, notificationMessages.portalId), eq(clientNotificationPrefs.emailNormalized, clients.emailNormalized)))
    .leftJoin(emailBounces, and(eq(emailBounces.businessId, notificationMessages.businessId), eq(emailBounces.emailNormalized, clients.emailNormalized)))
    .leftJoin(clientAccessTokens, and(eq(clientAccessTokens.portalId, notificationMessages.portalId), eq(clientAccessTokens.clientId, notificationMessages.clientId)))
    .where(eq(notificationMessages.id, id))
    .for('update', { of: notificationMessages });
  return row;
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

async function skip(tx: Tx, row: Row, detail: string, now: Date): Promise<Prepared> {
  await tx.update(notificationMessages).set({ state: 'skipped', detail, updatedAt: now }).where(eq(notificationMessages.id, row.m.id));
  return { kind: 'finished' };
}

/** The client's access link for e-mails: the stored one unsealed, a new one when there is none (or it was for another address). */
async function accessLinkFor(ctx: AppContext, tx: Tx, row: Row, now: Date): Promise<string> {
  const email = row.client!.emailNormalized;
  if (row.token?.sealed && row.token.emailNormalized === email) {
    const token = unsealAccessToken(ctx.env, row.token.sealed);
    if (token) return accessLinkUrl(ctx.env, row.m.portalId, token);
  }
  if (row.token?.emailNormalized === email && !row.token.sealed) {
    // A link made before e-mails carried links: it cannot be read back, and replacing it would break the link the
    // business shared. The portal's personalised link (spec 7) stands in; the owner can send a new link by invitation.
    return `${ctx.env.APP_URL}/portal/${encodeURIComponent(row.m.portalId)}?email=${encodeURIComponent(row.client!.email.trim())}`;
  }
  const token = newAccessToken();
  await storeAccessToken(tx, ctx.env, { portalId: row.m.portalId, clientId: row.m.clientId, emailNormalized: email, token, now, actorUserId: null });
  return accessLinkUrl(ctx.env, row.m.portalId, token);
}

/** Mail domain for our Message-IDs: MAIL_FROM's, else the app's host. */
function messageIdDomain(ctx: AppContext): string {
  const from = ctx.env.MAIL_FROM ?? '';
  const at = from.lastIndexOf('@');
  if (at > 0) return from.slice(at + 1).replace(/[>\s].*$/, '') || new URL(ctx.env.APP_URL).hostname;
  return new URL(ctx.env.APP_URL).hostname;
}

/** What the update says, or why nothing is said. */
async function updateItems(tx: Tx, row: Row, settings: NotificationSettings, zone: string, nowMs: number): Promise<{ items: UpdateItem[]; none?: string }> {
  const changes = row.m.changes as MessageChanges;
  const workload = readWorkloadSettings(row.portal.workload);
  const calendar = createWorkingCalendar({ workingDays: workload.workingDays, holidays: workload.holidays });
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

function render(ctx: AppContext, row: Row, settings: NotificationSettings, items: UpdateItem[], link: string, platform: Awaited<ReturnType<AppContext['settings']['get']>>): { mail: RenderedClientEmail; replyTo: string | null; fromName: string; unsubscribe: { oneClick: string; page: string } } {
  const branding = clientMailBranding({ env: ctx.env, portalConfig: row.portal.config, business: row.business, platform });
  const unsubscribe = unsubscribeUrls(ctx.env, { portalId: row.m.portalId, emailNormalized: row.client!.emailNormalized });
  const client = { name: row.client!.name, status: row.client!.status, position: row.client!.position, estimate: row.client!.estimate };
  const mail =
    row.m.purpose === 'invitation'
      ? renderInvitationEmail({ branding, templates: settings.templates, client, link, unsubscribeUrl: unsubscribe.page })
      : renderUpdateEmail({ branding, templates: settings.templates, client, items, link, unsubscribeUrl: unsubscribe.page });
  return { mail, replyTo: branding.replyTo, fromName: branding.senderName, unsubscribe };
}

function toSend(row: Row, content: Record<string, unknown>): MessageToSend {
  const c = content as { text: string; html: string; headers: Record<string, string>; fromName: string; replyTo: string | null };
  return { id: row.m.id, businessId: row.m.businessId, to: row.m.toAddress!, subject: row.m.subject!, text: c.text, html: c.html, headers: c.headers, fromName: c.fromName, replyTo: c.replyTo };
}

/**
 * Decides, in one short transaction holding the message row, what happens to a message whose time has come: it is
 * finished already (sent, or decided), it waits (quiet hours), it is not sent (with the reason), or its content is
 * fixed and it goes (state 'sending'). A message found 'sending' was being sent when its worker died: it goes again,
 * the same content with the same Message-ID.
 */
export async function prepareClientMessage(ctx: AppContext, messageId: string): Promise<Prepared> {
  const platform = await ctx.settings.get();
  return ctx.db.transaction(async (tx) => {
    const row = await loadMessage(tx, messageId);
    if (!row || ['sent', 'bounced', 'failed', 'skipped'].includes(row.m.state)) return { kind: 'finished' };
    if (row.m.state === 'sending' && row.m.content) return { kind: 'send', message: toSend(row, row.m.content) };
    const now = ctx.clock.now();
    const settings = readNotificationSettings(row.settings);
    const zone = zoneOrUtc(row.business.timeZone);
    if (row.m.purpose === 'update' && !readPortalConfig(row.portal.config).emailNotifications) return skip(tx, row, texts.skipped.notificationsOff, now);
    if (!row.client) return skip(tx, row, texts.skipped.clientGone, now);
    const changes = row.m.changes as MessageChanges;
    if (row.client.removedAt && !(row.m.purpose === 'update' && changes.removed)) return skip(tx, row, texts.skipped.clientRemoved, now);
    const { items, none } = row.m.purpose === 'update' ? await updateItems(tx, row, settings, zone, now.getTime()) : { items: [] };
    if (none) return skip(tx, row, none, now);
    const problem = addressProblem(row);
    if (problem) return skip(tx, row, problem, now);
    const until = settings.quietHours.enabled ? heldUntil(now.getTime(), zone, settings.quietHours) : null;
    if (until !== null) {
      await tx.update(notificationMessages).set({ state: 'held', sendAfter: new Date(until), updatedAt: now }).where(eq(notificationMessages.id, row.m.id));
      return { kind: 'later', at: new Date(until) };
    }
    const link = await accessLinkFor(ctx, tx, row, now);
    const { mail, replyTo, fromName, unsubscribe } = render(ctx, row, settings, items, link, platform);
    const content = {
      text: mail.text,
      html: mail.html,
      fromName,
      replyTo,
      headers: { 'Message-ID': `<${row.m.id}@${messageIdDomain(ctx)}>`, 'List-Unsubscribe': `<${unsubscribe.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
    const triggers = row.m.purpose === 'invitation' ? ['invitation'] : items.map((i) => i.trigger);
    await tx
      .update(notificationMessages)
      .set({ state: 'sending', triggers, toAddress: row.client.email.trim(), subject: mail.subject, content, updatedAt: now, attempts: sql`${notificationMessages.attempts} + 1` })
      .where(eq(notificationMessages.id, row.m.id));
    return { kind: 'send', message: toSend({ ...row, m: { ...row.m, toAddress: row.client.email.trim(), subject: mail.subject } }, content) };
  });
}
