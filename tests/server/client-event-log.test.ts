import { describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { clientEvents } from '../../src/server/db/schema';
import type { NewClientEvent } from '@core/client-events';
import { createClientEventLog, type RecordedClientEvent } from '../../src/server/services/client-events/client-event-log';
import { copyChannel } from '../../src/server/services/sheet-sync/copy-rows';
import { writeEvents } from '../../src/server/services/sheet-sync/sync-events';
import { businessWithPortal } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// The event log writes in the change's own transaction and hands the events to subscribers there (the outbox).

const t = useTestApp();

const at = new Date('2026-03-02T10:00:00Z');
const eventsFor = (portalId: string, n: number): NewClientEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'client.queue_moved', portalId, clientId: `c${i}`, data: { from: i + 2, to: i + 1 }, actor: { kind: 'system', job: 'queue-refresh' } }));

/** The database's own message of a failed statement (Drizzle wraps it as the cause of "Failed query: ..."). */
const databaseMessage = (e: unknown) => String((e as { cause?: unknown }).cause ?? e);

describe('client event log', () => {
  it('records in order, in chunks, and hands subscribers the recorded events in the same transaction', async () => {
    const { portalId } = await businessWithPortal(t.app);
    const log = createClientEventLog();
    const seen: RecordedClientEvent[] = [];
    log.subscribe('test', async (_q, events) => {
      seen.push(...events);
    });
    await t.app.ctx.db.transaction((tx) => log.record(tx, eventsFor(portalId, 2500), at));
    const rows = await t.app.ctx.db.select().from(clientEvents).where(eq(clientEvents.portalId, portalId)).orderBy(asc(clientEvents.id));
    expect(rows).toHaveLength(2500);
    expect(rows.map((r) => r.clientId)).toEqual(Array.from({ length: 2500 }, (_, i) => `c${i}`));
    expect(rows[0]).toMatchObject({ type: 'client.queue_moved', actor: 'system:queue-refresh', data: { from: 2, to: 1 }, occurredAt: at, syncRunId: null });
    expect(seen.map((e) => e.id)).toEqual(rows.map((r) => r.id));
  });

  it('with ids taken as one block (the embedded database): the ids subscribers get, in order, and the sequence moved past them', async () => {
    const { portalId } = await businessWithPortal(t.app);
    const log = createClientEventLog({ idsInOneBlock: true });
    const seen: RecordedClientEvent[] = [];
    log.subscribe('test', async (_q, events) => {
      seen.push(...events);
    });
    await t.app.ctx.db.transaction(async (tx) => {
      await log.record(tx, eventsFor(portalId, 6000), at);
      await log.record(tx, eventsFor(portalId, 2), at);
    });
    // A write reading its ids back (as on PostgreSQL) after the blocks gets an id past them.
    const reading = createClientEventLog();
    reading.subscribe('test', async () => {});
    const [after] = await t.app.ctx.db.transaction((tx) => reading.record(tx, eventsFor(portalId, 1), at));
    const rows = await t.app.ctx.db.select().from(clientEvents).where(eq(clientEvents.portalId, portalId)).orderBy(asc(clientEvents.id));
    expect(rows).toHaveLength(6003);
    expect(rows.map((r) => r.clientId)).toEqual([...eventsFor(portalId, 6000), ...eventsFor(portalId, 2), ...eventsFor(portalId, 1)].map((e) => e.clientId));
    expect(seen.map((e) => e.id)).toEqual(rows.slice(0, 6002).map((r) => r.id));
    expect(after!.id).toBe(rows[6002]!.id);
    expect(after!.id).toBeGreaterThan(seen.at(-1)!.id);
    expect(seen[0]).toMatchObject({ type: 'client.queue_moved', portalId, clientId: 'c0', data: { from: 2, to: 1 }, occurredAt: at, syncRunId: null });
  });

  it('a failing subscriber rolls the events back with the change', async () => {
    const { portalId } = await businessWithPortal(t.app);
    const log = createClientEventLog();
    log.subscribe('fails', async () => {
      throw new Error('outbox unavailable');
    });
    await expect(t.app.ctx.db.transaction((tx) => log.record(tx, eventsFor(portalId, 3), at))).rejects.toThrow('outbox unavailable');
    expect(await t.app.ctx.db.select().from(clientEvents).where(eq(clientEvents.portalId, portalId))).toHaveLength(0);
  });

  it('streams events with COPY in the transaction of a write that streams its rows: in order, with the ids subscribers get', async () => {
    const { portalId } = await businessWithPortal(t.app);
    const log = createClientEventLog();
    const seen: RecordedClientEvent[] = [];
    log.subscribe('test', async (_q, events) => {
      seen.push(...events);
    });
    const events = eventsFor(portalId, 12_000).map((e, i) => (i === 1 ? { ...e, clientId: 'tab\there \\N' } : e));
    await t.app.ctx.db.transaction(async (tx) => {
      const copy = copyChannel(tx, t.app.ctx.database.kind);
      expect(copy).not.toBeNull();
      await log.announce(tx, await log.write(tx, events, at, copy));
    });
    const rows = await t.app.ctx.db.select().from(clientEvents).where(eq(clientEvents.portalId, portalId)).orderBy(asc(clientEvents.id));
    const copied = rows;
    expect(copied.map((r) => r.clientId)).toEqual(events.map((e) => e.clientId));
    expect(copied[1]).toMatchObject({ clientId: 'tab\there \\N', type: 'client.queue_moved', actor: 'system:queue-refresh', data: { from: 3, to: 2 }, occurredAt: at, syncRunId: null });
    expect(seen.map((e) => e.id)).toEqual(copied.map((r) => r.id));
    expect(seen.map((e) => e.clientId)).toEqual(events.map((e) => e.clientId));
  });

  it('a COPY that fails rejects and its transaction rolls back: a bad line, and a transaction a failed statement aborted', async () => {
    const { portalId } = await businessWithPortal(t.app);
    const { db, database } = t.app.ctx;
    const line = `${portalId}\tc0\tclient.added\t2026-03-02T10:00:00Z\tsystem:test\t{}\n`;
    await expect(
      db.transaction((tx) => copyChannel(tx, database.kind)!('copy client_events (id, portal_id, client_id, type, occurred_at, actor, data) from stdin', `not-an-id\t${line}`)),
    ).rejects.toThrow(/bigint/);
    await expect(
      db.transaction(async (tx) => {
        const failed = tx.execute(sql`select 1 / 0`).catch((e: unknown) => e);
        await expect(copyChannel(tx, database.kind)!('copy client_events (portal_id, client_id, type, occurred_at, actor, data) from stdin', line)).rejects.toThrow(/aborted/);
        expect(databaseMessage(await failed)).toMatch(/division by zero/);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.select().from(clientEvents).where(eq(clientEvents.portalId, portalId))).toHaveLength(0);
  });

  it("a write whose rows fail while its events stream fails with the rows' error, and writes no event", async () => {
    const { portalId } = await businessWithPortal(t.app);
    const { db, database, clientEvents: log, clock } = t.app.ctx;
    const stored = new Map([['c1', { status: 'Waiting', queuePosition: 1, estimatedCompletion: null, removed: false }]]);
    const failure = await db
      .transaction((tx) => {
        const failingRows = async () => {
          await tx.execute(sql`select 1 / 0`);
        };
        return writeEvents(log, portalId, stored, { kind: 'system', job: 'test' }, clock).committedWith(tx, { removals: ['c1'] }, failingRows, copyChannel(tx, database.kind));
      })
      .catch((e: unknown) => e);
    expect(databaseMessage(failure)).toMatch(/division by zero/);
    expect(await db.select().from(clientEvents).where(eq(clientEvents.portalId, portalId))).toHaveLength(0);
  });

  it('without subscribers the events are written and no ids are read back', async () => {
    const { portalId } = await businessWithPortal(t.app);
    const log = createClientEventLog();
    const written = await t.app.ctx.db.transaction(async (tx) => [
      ...(await log.write(tx, eventsFor(portalId, 3), at, copyChannel(tx, t.app.ctx.database.kind))),
      ...(await log.write(tx, eventsFor(portalId, 2), at)),
    ]);
    expect(written).toEqual([]);
    const rows = await t.app.ctx.db.select().from(clientEvents).where(eq(clientEvents.portalId, portalId)).orderBy(asc(clientEvents.id));
    expect(rows.map((r) => r.clientId)).toEqual(['c0', 'c1', 'c2', 'c0', 'c1']);
  });
});
