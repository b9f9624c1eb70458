import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { NewClientEvent } from '@core/client-events';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@core/notification-settings';
import { clients, portalNotificationSettings } from '../../src/server/db/schema';
import { openPendingMessages } from '../../src/server/services/notifications/notification-outbox';
import { makeSheet } from '../support/make-sheet';
import { businessWithPortal, postCsv } from '../support/sheets';

/**
 * A new portal of `rows` clients (the sheet maker's) whose messages go at once (no window), and one status change
 * recorded for each of them at `now`, as a sync records them, and their messages opened by the change's outbox job
 * (run here, not through the queue, so no sender runs yet): one e-mail due per client. Returns the portal.
 */
export async function portalWithStatusChanges(app: FastifyInstance, rows: number, now: Date): Promise<string> {
  const owner = await businessWithPortal(app);
  const imported = await postCsv(app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, makeSheet(rows, 7));
  if (imported.statusCode !== 200) throw new Error(imported.body);
  await app.ctx.db.insert(portalNotificationSettings).values({ portalId: owner.portalId, settings: { ...DEFAULT_NOTIFICATION_SETTINGS, windowMinutes: 0 }, updatedAt: now });
  const list = await app.ctx.db.select({ clientId: clients.clientId, status: clients.status }).from(clients).where(eq(clients.portalId, owner.portalId));
  const events: NewClientEvent[] = list.map((c) => ({
    type: 'client.status_changed',
    portalId: owner.portalId,
    clientId: c.clientId,
    actor: { kind: 'system', job: 'test' },
    data: { from: c.status, to: `${c.status} (checked)`, fromClass: 'other', toClass: 'other' },
  }));
  await app.ctx.db.transaction((tx) => app.ctx.clientEvents.record(tx, events, now));
  await openPendingMessages(app.ctx, owner.portalId);
  return owner.portalId;
}
