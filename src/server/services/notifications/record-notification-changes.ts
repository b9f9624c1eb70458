import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { changesFromEvents, composeUpdate, mergeChanges, type ChangeEvent, type MessageChanges } from '@core/notification-changes';
import { readNotificationSettings, type NotificationSettings } from '@core/notification-settings';
import { readPortalConfig } from '@core/portal-config';
import { createWorkingCalendar, type WorkingCalendar } from '@core/working-days';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import type { MessageChannel } from '../../db/schema/notifications';
import { planHas } from '@core/plan-features';
import { isUrgentUpdate } from '@core/sms';
import { businessProfiles, clients, notificationMessages, portalNotificationSettings, portals } from '../../db/schema';
import { twilioSender } from '../../integrations/sms/twilio-sms';
import { businessPlanId } from '../business/plan-access';
import type { ClientEventSubscriber, RecordedClientEvent } from '../client-events/client-event-log';
import { readWorkloadSettings } from '../sheet-sync/workload-state';

/** The job that sends one client e-mail when its window ends. */
export const SEND_MESSAGE_JOB = 'notification.send';
/** The job that sends one client text (its own kind: a text outage holds texts, not e-mails). */
export const SEND_TEXT_JOB = 'notification.send_sms';
const jobKinds: Record<MessageChannel, string> = { email: SEND_MESSAGE_JOB, sms: SEND_TEXT_JOB };

const CHUNK = 1000;
const NONE: ReadonlySet<never> = new Set();

export interface PortalFacts {
  businessId: string;
  settings: NotificationSettings;
  calendar: WorkingCalendar;
  /** E-mail updates are on (the portal's switch, and at least one trigger). */
  email: boolean;
  /** Texts for urgent updates are on, the plan has them and a provider is set up. */
  sms: boolean;
}

async function portalFacts(ctx: AppContext, q: Db | Tx, portalId: string): Promise<PortalFacts | null> {
  const [row] = await q
    .select({ businessId: portals.businessId, config: portals.config, workload: portals.workloadSettings, settings: portalNotificationSettings.settings, plan: businessProfiles.plan })
    .from(portals)
    .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
    .leftJoin(portalNotificationSettings, eq(portalNotificationSettings.portalId, portals.id))
    .where(eq(portals.id, portalId));
  if (!row) return null;
  const settings = readNotificationSettings(row.settings);
  const t = settings.triggers;
  const email = readPortalConfig(row.config).emailNotifications && (t.status || t.completed || t.queue.enabled || t.estimate.enabled || t.removed);
  const sms = settings.sms.enabled && planHas(businessPlanId(row), 'sms') && twilioSender(ctx.env) !== null;
  if (!email && !sms) return null;
  const workload = readWorkloadSettings(row.workload);
  return { businessId: row.businessId, settings, calendar: createWorkingCalendar({ workingDays: workload.workingDays, holidays: workload.holidays }), email, sms };
}

/** Merges changes into the open messages of these clients; returns the clients that had none. */
async function mergeIntoOpen(q: Db | Tx, portalId: string, changes: Map<string, MessageChanges>, now: Date, channel: MessageChannel): Promise<Set<string>> {
  const ids = [...changes.keys()];
  const without = new Set(ids);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const open = await q
      .select({ id: notificationMessages.id, clientId: notificationMessages.clientId, changes: notificationMessages.changes })
      .from(notificationMessages)
      .where(
        and(
          eq(notificationMessages.portalId, portalId),
          eq(notificationMessages.channel, channel),
          eq(notificationMessages.purpose, 'update'),
          inArray(notificationMessages.clientId, ids.slice(i, i + CHUNK)),
          sql`${notificationMessages.state} in ('pending', 'held')`,
        ),
      )
      .for('update');
    for (const m of open) {
      without.delete(m.clientId);
      const merged = mergeChanges(m.changes as MessageChanges, changes.get(m.clientId)!);
      await q.update(notificationMessages).set({ changes: merged as Record<string, unknown>, updatedAt: now }).where(eq(notificationMessages.id, m.id));
    }
  }
  return without;
}

/**
 * Opens a message (with its send job at the end of the batching window) for each client given; a client that already
 * has an open message on the channel (another transaction opened it meanwhile) is merged instead.
 */
async function openMessages(
  ctx: AppContext,
  q: Db | Tx,
  target: { portalId: string; facts: PortalFacts; channel: MessageChannel },
  worth: [string, MessageChanges][],
  now: Date,
): Promise<void> {
  const { portalId, facts, channel } = target;
  const sendAfter = new Date(now.getTime() + facts.settings.windowMinutes * 60_000);
  const raced = new Map<string, MessageChanges>();
  for (let i = 0; i < worth.length; i += CHUNK) {
    const rows = worth.slice(i, i + CHUNK).map(([clientId, c]) => ({
      id: crypto.randomUUID(),
      businessId: facts.businessId,
      portalId,
      clientId,
      channel,
      purpose: 'update' as const,
      state: 'pending' as const,
      changes: c as Record<string, unknown>,
      sendAfter,
      createdAt: now,
      updatedAt: now,
    }));
    const inserted = await q
      .insert(notificationMessages)
      .values(rows)
      .onConflictDoNothing({
        target: [notificationMessages.portalId, notificationMessages.clientId, notificationMessages.channel, notificationMessages.purpose],
        where: sql`state in ('pending', 'held')`,
      })
      .returning({ id: notificationMessages.id, clientId: notificationMessages.clientId });
    const done = new Set(inserted.map((r) => r.clientId));
    for (const r of rows) if (!done.has(r.clientId)) raced.set(r.clientId, r.changes as MessageChanges);
    await ctx.jobs.enqueue(q, inserted.map((m) => ({ kind: jobKinds[channel], dedupeKey: m.id, payload: { messageId: m.id }, runAt: sendAfter })));
  }
  if (raced.size > 0) await mergeIntoOpen(q, portalId, raced, now, channel);
}

/** E-mails: changes join the open e-mail, or open one when they say something on their own. */
async function recordEmails(ctx: AppContext, q: Db | Tx, portalId: string, facts: PortalFacts, changes: Map<string, MessageChanges>, now: Date): Promise<void> {
  const fresh = await mergeIntoOpen(q, portalId, changes, now, 'email');
  if (fresh.size === 0) return;
  const worth = [...changes].filter(([id, c]) => fresh.has(id) && composeUpdate({ changes: c, settings: facts.settings, calendar: facts.calendar, sentToday: NONE }).length > 0);
  await openMessages(ctx, q, { portalId, facts, channel: 'email' }, worth, now);
}

/**
 * Texts: changes join the client's open text (so a status changed back within the window says nothing), or open one
 * when they are urgent (core's isUrgentUpdate: a status marked urgent, or a client of urgent priority). Consent, the
 * phone number and the hours are looked at when it goes.
 */
async function recordUrgentTexts(ctx: AppContext, q: Db | Tx, portalId: string, facts: PortalFacts, changes: Map<string, MessageChanges>, now: Date): Promise<void> {
  const fresh = await mergeIntoOpen(q, portalId, changes, now, 'sms');
  const candidates = [...changes].filter(([id, c]) => fresh.has(id) && c.status);
  if (candidates.length === 0) return;
  const priorities = new Map<string, string>();
  for (let i = 0; i < candidates.length; i += CHUNK) {
    const rows = await q
      .select({ clientId: clients.clientId, priority: clients.priority })
      .from(clients)
      .where(and(eq(clients.portalId, portalId), inArray(clients.clientId, candidates.slice(i, i + CHUNK).map(([id]) => id))));
    for (const r of rows) priorities.set(r.clientId, r.priority);
  }
  const urgent = candidates.filter(([id, c]) => isUrgentUpdate(c, priorities.get(id) ?? '', facts.settings.sms));
  if (urgent.length > 0) await openMessages(ctx, q, { portalId, facts, channel: 'sms' }, urgent, now);
}

/**
 * The notifications subscriber of the client event log (`ctx.clientEvents`): in the change's own transaction, each
 * client's changes are merged into its open message or open one, for portals whose e-mail updates are on (and into
 * its open text, or one is opened for an urgent change, where texts are on). Nothing
 * is decided about sending here (the window, opt-outs and quiet hours are looked at when the message goes).
 */
export function recordNotificationChanges(ctx: AppContext): ClientEventSubscriber {
  return async (q, events) => {
    const byPortal = new Map<string, RecordedClientEvent[]>();
    for (const e of events) {
      const list = byPortal.get(e.portalId);
      if (list) list.push(e);
      else byPortal.set(e.portalId, [e]);
    }
    const now = ctx.clock.now();
    for (const [portalId, list] of byPortal) {
      const changes = changesFromEvents(list as ChangeEvent[]);
      if (changes.size === 0) continue;
      const facts = await portalFacts(ctx, q, portalId);
      if (!facts) continue;
      if (facts.email) await recordEmails(ctx, q, portalId, facts, changes, now);
      if (facts.sms) await recordUrgentTexts(ctx, q, portalId, facts, changes, now);
    }
  };
}
