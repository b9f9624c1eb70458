import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { NewClientEvent } from '@core/client-events';
import { clientEvents, clients, clientStatusHistory, portals } from '../../src/server/db/schema';
import { completedOn, readCompletions } from '../../src/server/services/estimates/read-completions';
import { portalWithClients } from './portal-helpers';
import { useTestApp } from '../support/test-app';

// Throughput history (issue 20 item 1): completions per date of the business's zone (New York), from the client
// events since the portal's first event and from the status history before it.

const t = useTestApp();

const zone = 'America/New_York';
const actor = { kind: 'sync', runId: '00000000-0000-4000-8000-000000000001' } as const;

/**
 * A portal with clients imported before client events were recorded: its import's own events (written since syncs
 * record them) are taken away, so its history starts with what each test writes.
 */
async function portalFromBeforeEvents() {
  const owner = await portalWithClients(t.app);
  await t.app.ctx.db.delete(clientEvents).where(eq(clientEvents.portalId, owner.portalId));
  return owner;
}

async function portalRow(portalId: string) {
  const [row] = await t.app.ctx.db.select({ id: portals.id, createdAt: portals.createdAt }).from(portals).where(eq(portals.id, portalId));
  return row!;
}

async function clientIds(portalId: string): Promise<string[]> {
  const rows = await t.app.ctx.db.select({ id: clients.clientId }).from(clients).where(eq(clients.portalId, portalId));
  return rows.map((r) => r.id);
}

function history(portalId: string, clientId: string, oldStatus: string | null, newStatus: string, changedAt: string) {
  return t.app.ctx.db.insert(clientStatusHistory).values({ portalId, clientId, oldStatus, newStatus, changedAt: new Date(changedAt) });
}

function events(list: NewClientEvent[], at: string) {
  return t.app.ctx.db.transaction((tx) => t.app.ctx.clientEvents.record(tx, list, new Date(at)));
}

const completed = (portalId: string, clientId: string): NewClientEvent[] => [
  { type: 'client.status_changed', portalId, clientId, actor, data: { from: 'In Progress', to: 'Completed', fromClass: 'in-progress', toClass: 'completed' } },
  { type: 'client.completed', portalId, clientId, actor, data: { status: 'Completed' } },
];

describe('readCompletions', () => {
  it('counts completions per date in the business zone: events since the first one, status history before', async () => {
    const owner = await portalFromBeforeEvents();
    const portal = await portalRow(owner.portalId);
    const [a, b, c, d, e] = await clientIds(owner.portalId);
    // Before any event: the status history (an import already completed, old status null, does not count).
    await history(owner.portalId, a!, 'In Progress', 'Completed', '2026-02-02T15:00:00Z');
    await history(owner.portalId, b!, 'Pending', 'Done', '2026-02-03T03:30:00Z'); // still 2 February in New York
    await history(owner.portalId, c!, null, 'Completed', '2026-02-03T15:00:00Z');
    await history(owner.portalId, d!, 'Pending', 'Completed', '2026-02-04T14:00:00Z');
    await history(owner.portalId, d!, 'Completed', 'In Progress', '2026-02-04T15:00:00Z'); // reopened...
    await history(owner.portalId, d!, 'In Progress', 'Completed', '2026-02-04T16:00:00Z'); // ...and done again: one
    // From the first event on, the events count (the status history of those days is not read twice).
    await events([{ type: 'client.added', portalId: owner.portalId, clientId: e!, actor, data: { status: 'Completed', statusClass: 'completed' } }], '2026-02-05T14:00:00Z');
    await history(owner.portalId, e!, 'Pending', 'Completed', '2026-02-05T15:00:00Z');
    await events(completed(owner.portalId, e!), '2026-02-05T15:00:00Z');
    await events([...completed(owner.portalId, a!), ...completed(owner.portalId, b!)], '2026-02-06T20:00:00Z');
    await events(
      [{ type: 'client.status_changed', portalId: owner.portalId, clientId: a!, actor, data: { from: 'Completed', to: 'In Progress', fromClass: 'completed', toClass: 'in-progress' } }],
      '2026-02-06T21:00:00Z',
    );
    // Another portal's completions are not this one's.
    const other = await portalWithClients(t.app);
    await events(completed(other.portalId, (await clientIds(other.portalId))[0]!), '2026-02-06T20:00:00Z');

    const result = await readCompletions(t.app.ctx.db, portal, zone, new Date('2026-01-01T00:00:00Z'));
    expect(result.eventsSince?.toISOString()).toBe('2026-02-05T14:00:00.000Z');
    expect(result.completions).toEqual([
      { date: '2026-02-02', count: 2 },
      { date: '2026-02-04', count: 1 },
      { date: '2026-02-05', count: 1 },
      { date: '2026-02-06', count: 1 },
    ]);
    expect(completedOn(result.completions, '2026-02-06')).toBe(1);
    expect(completedOn(result.completions, '2026-02-07')).toBe(0);
  });

  it('reads only from `since`, and the window starts the day after the portal was created', async () => {
    const owner = await portalFromBeforeEvents();
    await t.app.ctx.db.execute(sql`update portals set created_at = '2026-01-10T23:30:00Z' where id = ${owner.portalId}`); // 6:30 pm in New York
    const portal = await portalRow(owner.portalId);
    const [a, b] = await clientIds(owner.portalId);
    await history(owner.portalId, a!, 'Pending', 'Completed', '2026-01-20T15:00:00Z');
    await history(owner.portalId, b!, 'Pending', 'Completed', '2026-02-20T15:00:00Z');
    const result = await readCompletions(t.app.ctx.db, portal, zone, new Date('2026-02-01T00:00:00Z'));
    expect(result).toEqual({ completions: [{ date: '2026-02-20', count: 1 }], firstDate: '2026-01-11', eventsSince: null });
  });
});
