import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { NewClientEvent } from '@core/client-events';
import { classifyStatus } from '@core/status';
import { clients, notificationMessages, portalNotificationSettings } from '../../src/server/db/schema';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@core/notification-settings';
import type { AppUnderTest } from '../support/test-app';

// Helpers of the notification suites: record client changes as the sync records them (events in the change's
// transaction), and read what became of them.

type Change =
  | { status: string }
  | { queue: number | null }
  | { estimate: string | null }
  | { removed: true }
  | { added: true };

/**
 * Applies changes to one client and records their events in one transaction, as a sync or an owner's edit does
 * (through ctx.clientEvents.record, so the notifications subscriber runs inside it).
 */
export async function changeClient(t: AppUnderTest, portalId: string, clientId: string, ...changes: Change[]): Promise<void> {
  const { db, clientEvents } = t.app.ctx;
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(clients).where(and(eq(clients.portalId, portalId), eq(clients.clientId, clientId)));
    if (!before) throw new Error(`no client ${clientId}`);
    const events: NewClientEvent[] = [];
    const actor = { kind: 'system', job: 'test' } as const;
    let status = before.status;
    let position = before.queuePosition;
    let estimate = before.estimatedCompletion;
    for (const change of changes) {
      if ('status' in change) {
        events.push({ type: 'client.status_changed', portalId, clientId, actor, data: { from: status, to: change.status, fromClass: classifyStatus(status), toClass: classifyStatus(change.status) } });
        if (classifyStatus(change.status) === 'completed') events.push({ type: 'client.completed', portalId, clientId, actor, data: { status: change.status } });
        status = change.status;
      } else if ('queue' in change) {
        events.push({ type: 'client.queue_moved', portalId, clientId, actor, data: { from: position, to: change.queue } });
        position = change.queue;
      } else if ('estimate' in change) {
        events.push({ type: 'client.estimate_changed', portalId, clientId, actor, data: { from: estimate, to: change.estimate } });
        estimate = change.estimate;
      } else if ('removed' in change) {
        events.push({ type: 'client.removed', portalId, clientId, actor, data: {} });
      } else {
        events.push({ type: 'client.added', portalId, clientId, actor, data: { status, statusClass: classifyStatus(status) } });
      }
    }
    await tx
      .update(clients)
      .set({ status, queuePosition: position, estimatedCompletion: estimate, removedAt: changes.some((c) => 'removed' in c) ? t.clock.now() : before.removedAt })
      .where(and(eq(clients.portalId, portalId), eq(clients.clientId, clientId)));
    await clientEvents.record(tx, events, t.clock.now());
  });
}

/** Sets a client's queue figures without an event (the state before a test's change). */
export async function setClientQueue(t: AppUnderTest, portalId: string, clientId: string, values: { position?: number | null; estimate?: string | null; email?: string }) {
  await t.app.ctx.db
    .update(clients)
    .set({
      ...(values.position !== undefined ? { queuePosition: values.position } : {}),
      ...(values.estimate !== undefined ? { estimatedCompletion: values.estimate } : {}),
      ...(values.email !== undefined ? { email: values.email, emailNormalized: values.email.trim().toLowerCase() } : {}),
    })
    .where(and(eq(clients.portalId, portalId), eq(clients.clientId, clientId)));
}

/** Saves notification settings directly (the route has its own tests). */
export async function setNotificationSettings(t: AppUnderTest, portalId: string, patch: (s: NotificationSettings) => void) {
  const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  patch(settings);
  await t.app.ctx.db
    .insert(portalNotificationSettings)
    .values({ portalId, settings, updatedAt: t.clock.now() })
    .onConflictDoUpdate({ target: portalNotificationSettings.portalId, set: { settings } });
}

/** The messages of a client, oldest first. */
export function messagesOf(app: FastifyInstance, portalId: string, clientId: string) {
  return app.ctx.db
    .select()
    .from(notificationMessages)
    .where(and(eq(notificationMessages.portalId, portalId), eq(notificationMessages.clientId, clientId)))
    .orderBy(notificationMessages.createdAt, notificationMessages.id);
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
