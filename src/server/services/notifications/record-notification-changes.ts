import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { changesFromEvents, composeUpdate, mergeChanges, type ChangeEvent, type MessageChanges } from '@core/notification-changes';
import { readNotificationSettings, type NotificationSettings } from '@core/notification-settings';
import { readPortalConfig } from '@core/portal-config';
import { createWorkingCalendar, type WorkingCalendar } from '@core/working-days';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { notificationMessages, portalNotificationSettings, portals } from '../../db/schema';
import type { ClientEventSubscriber, RecordedClientEvent } from '../client-events/client-event-log';
import { readWorkloadSettings } from '../sheet-sync/run-sync';

/** The job that sends one client message when its window ends. */
export const SEND_MESSAGE_JOB = 'notification.send';

const CHUNK = 1000;
const NONE: ReadonlySet<never> = new Set();

interface PortalFacts {
  businessId: string;
  settings: NotificationSettings;
  calendar: WorkingCalendar;
}

async function portalFacts(q: Db | Tx, portalId: string): Promise<PortalFacts | null> {
  const [row] = await q
    .select({ businessId: portals.businessId, config: portals.config, workload: portals.workloadSettings, settings: portalNotificationSettings.settings })
    .from(portals)
    .leftJoin(portalNotificationSettings, eq(portalNotificationSettings.portalId, portals.id))
    .where(eq(portals.id, portalId));
  if (!row || !readPortalConfig(row.config).emailNotifications) return null;
  const settings = readNotificationSettings(row.settings);
  const t = settings.triggers;
  if (!t.status && !t.completed && !t.queue.enabled && !t.estimate.enabled && !t.removed) return null;
  const workload = readWorkloadSettings(row.workload);
  return { businessId: row.businessId, settings, calendar: createWorkingCalendar({ workingDays: workload.workingDays, holidays: workload.holidays }) };
}

/** Merges changes into the open messages of these clients; returns the clients that had none. */
async function mergeIntoOpen(q: Db | Tx, portalId: string, changes: Map<string, MessageChanges>, now: Date): Promise<Set<string>> {
  const ids = [...changes.keys()];
  const without = new Set(ids);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const open = await q
      .select({ id: notificationMessages.id, clientId: notificationMessages.clientId, changes: notificationMessages.changes })
      .from(notificationMessages)
      .where(
        and(
          eq(notificationMessages.portalId, portalId),
          eq(notificationMessages.channel, 'email'),
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
 * Opens a message (with its send job at the end of the batching window) for each client whose changes say
 * something; a client that already has an open message (another transaction opened it meanwhile) is merged instead.
 */
async function openMessages(ctx: AppContext, q: Db | Tx, portalId: string, facts: PortalFacts, changes: Map<string, MessageChanges>, now: Date): Promise<void> {
  const sendAfter = new Date(now.getTime() + facts.settings.windowMinutes * 60_000);
  const worth = [...changes].filter(([, c]) => composeUpdate({ changes: c, settings: facts.settings, calendar: facts.calendar, sentToday: NONE }).length > 0);
  const raced = new Map<string, MessageChanges>();
  for (let i = 0; i < worth.length; i += CHUNK) {
    const rows = worth.slice(i, i + CHUNK).map(([clientId, c]) => ({
      id: crypto.randomUUID(),
      businessId: facts.businessId,
      portalId,
      clientId,
      channel: 'email' as const,
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
    await ctx.jobs.enqueue(q, inserted.map((m) => ({ kind: SEND_MESSAGE_JOB, dedupeKey: m.id, payload: { messageId: m.id }, runAt: sendAfter })));
  }
  if (raced.size > 0) await mergeIntoOpen(q, portalId, raced, now);
}

/**
 * The notifications subscriber of the client event log (`ctx.clientEvents`): in the change's own transaction, each
 * client's changes are merged into its open message or open one, for portals whose e-mail updates are on. Nothing
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
      const facts = await portalFacts(q, portalId);
      if (!facts) continue;
      const fresh = await mergeIntoOpen(q, portalId, changes, now);
      if (fresh.size === 0) continue;
      await openMessages(ctx, q, portalId, facts, new Map([...changes].filter(([id]) => fresh.has(id))), now);
    }
  };
}
