import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { clientChangeEvents } from '@core/sync/client-changes';
import { businessProfiles, clientEvents, clients, jobs, notificationMessages, portals, webhookDeliveries } from '../../src/server/db/schema';
import { OPEN_MESSAGES_JOB } from '../../src/server/services/notifications/notification-jobs';
import { makeSheet } from '../support/make-sheet';
import { businessWithPortal, postCsv, request } from '../support/sheets';
import { queueRefreshActor, recomputeQueue } from '../../src/server/services/sheet-sync/recompute-queue';
import { useTestApp } from '../support/test-app';
import { testDbKind } from '../support/test-database';

// Issue 18 item 5: every write of a sync records its client events in its own transaction, on every write path
// (one transaction with statements or COPY; on the embedded database a first import in steps, a staged large
// change and queue figures in steps), and the notifications and webhooks subscribers act on them.

const t = useTestApp({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' });
beforeAll(async () => {
  t.clock.set('2026-03-02T15:00:00Z');
});

type Owner = Awaited<ReturnType<typeof businessWithPortal>>;
const HEADER = 'Client ID,Client Name,Email Address,Status,Priority,Due Date';
const sheet = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';

async function upload(owner: Owner, csv: string): Promise<string> {
  const res = await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import?confirmDrop=true`, owner.cookie, csv);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}
const lastEventId = async (portalId: string) => (await eventsAfter(portalId, 0)).at(-1)?.id ?? 0;
const eventsAfter = (portalId: string, after: number) =>
  t.app.ctx.db.select().from(clientEvents).where(and(eq(clientEvents.portalId, portalId), gt(clientEvents.id, after))).orderBy(asc(clientEvents.id));
const short = (e: { clientId: string; type: string }) => `${e.clientId} ${e.type.replace('client.', '')}`;
/** Data as text with sorted keys (jsonb keeps its own key order). */
const dataText = (data: object) => JSON.stringify(data, Object.keys(data).sort());

/** The portal's clients as events compare them. */
async function snapshot(portalId: string) {
  const rows = await t.app.ctx.db
    .select({ id: clients.clientId, status: clients.status, queuePosition: clients.queuePosition, estimatedCompletion: clients.estimatedCompletion, removedAt: clients.removedAt })
    .from(clients)
    .where(eq(clients.portalId, portalId));
  return new Map(rows.map((r) => [r.id, { status: r.status, queuePosition: r.queuePosition, estimatedCompletion: r.estimatedCompletion, removed: r.removedAt !== null }]));
}

/** What the one rule (core's clientChangeEvents) says the change between two snapshots is, sorted for comparison. */
function expectedEvents(portalId: string, before: Awaited<ReturnType<typeof snapshot>>, after: Awaited<ReturnType<typeof snapshot>>) {
  const ids = new Set([...before.keys(), ...after.keys()]);
  return [...ids].flatMap((id) => clientChangeEvents(portalId, id, before.get(id) ?? null, after.get(id) ?? null, { kind: 'system', job: 'x' }, 'writers').map((e) => `${short(e)} ${dataText(e.data)}`)).sort();
}
const asRecorded = (events: Awaited<ReturnType<typeof eventsAfter>>) => events.map((e) => `${short(e)} ${dataText(e.data)}`).sort();

describe('a sync records its client events with the data', () => {
  it('adds, changes status, completes, moves and removes: exactly those events, by the run, at the clock; nothing for an unchanged re-sync', async () => {
    const owner = await businessWithPortal(t.app);
    const firstRun = await upload(owner, sheet('A,Ann,a@example.com,Pending,1,2026-04-01', 'B,Ben,b@example.com,Pending,2,2026-04-02', 'C,Cy,c@example.com,Pending,3,2026-04-03'));
    const first = await eventsAfter(owner.portalId, 0);
    expect(first.map(short)).toEqual(['A added', 'B added', 'C added']);
    expect(first[0]).toMatchObject({ data: { status: 'Pending', statusClass: 'pending' }, actor: `sync:${firstRun}`, syncRunId: firstRun, occurredAt: t.clock.now() });

    // The same file again (the unchanged shortcut), and the same rows in other bytes (a full plan that changes nothing).
    const mark = await lastEventId(owner.portalId);
    await upload(owner, sheet('A,Ann,a@example.com,Pending,1,2026-04-01', 'B,Ben,b@example.com,Pending,2,2026-04-02', 'C,Cy,c@example.com,Pending,3,2026-04-03'));
    await upload(owner, sheet('A,Ann,a@example.com,Pending,1,2026-04-01', 'B,Ben,b@example.com,Pending,2,2026-04-02', 'C,Cy,c@example.com,Pending,3,2026-04-03') + '\n');
    expect(await eventsAfter(owner.portalId, mark)).toEqual([]);

    const before = await snapshot(owner.portalId);
    t.clock.advance(60_000);
    const run = await upload(owner, sheet('A,Ann,a@example.com,Completed,1,2026-04-01', 'C,Cy,c@example.com,In Progress,3,2026-04-03', 'D,Di,d@example.com,Pending,2,2026-04-04'));
    const changed = await eventsAfter(owner.portalId, mark);
    const a = before.get('A')!;
    expect(changed.map((e) => [short(e), e.data])).toEqual(
      expect.arrayContaining([
        ['B removed', {}],
        ['D added', { status: 'Pending', statusClass: 'pending' }],
        ['A status_changed', { from: 'Pending', to: 'Completed', fromClass: 'pending', toClass: 'completed' }],
        ['A completed', { status: 'Completed' }],
        ['A queue_moved', { from: a.queuePosition, to: null }],
        ['A estimate_changed', { from: a.estimatedCompletion, to: null }],
        ['C status_changed', { from: 'Pending', to: 'In Progress', fromClass: 'pending', toClass: 'in-progress' }],
        ['C queue_moved', { from: 3, to: (await snapshot(owner.portalId)).get('C')!.queuePosition }],
      ]),
    );
    expect(asRecorded(changed)).toEqual(expectedEvents(owner.portalId, before, await snapshot(owner.portalId)));
    expect(new Set(changed.map((e) => e.actor))).toEqual(new Set([`sync:${run}`]));
    expect(changed.every((e) => e.occurredAt.getTime() === t.clock.nowMs())).toBe(true);

    // A removed client back in the file: restored.
    const mark2 = await lastEventId(owner.portalId);
    await upload(owner, sheet('A,Ann,a@example.com,Completed,1,2026-04-01', 'B,Ben,b@example.com,Pending,2,2026-04-02', 'C,Cy,c@example.com,In Progress,3,2026-04-03', 'D,Di,d@example.com,Pending,2,2026-04-04'));
    expect((await eventsAfter(owner.portalId, mark2)).map(short)).toContain('B restored');
  });

  it('a failed sync records nothing', async () => {
    const owner = await businessWithPortal(t.app);
    await upload(owner, sheet('A,Ann,a@example.com,Pending,1,2026-04-01'));
    const mark = await lastEventId(owner.portalId);
    const res = await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, sheet('A,Ann,a@example.com,Done,1,2026-04-01', 'A,Ann2,a2@example.com,Done,1,2026-04-01'));
    expect(res.statusCode).toBe(422);
    expect(await eventsAfter(owner.portalId, mark)).toEqual([]);
  });

  it('queues a notification message and a webhook delivery through a real sync', async () => {
    const owner = await businessWithPortal(t.app);
    const hook = await request(t.app, 'POST', '/api/v1/webhooks', owner.cookie, { url: 'http://127.0.0.1:3211/hook', events: ['client.status_changed'] });
    expect(hook.statusCode, hook.body).toBe(201);
    await upload(owner, sheet('A,Ann,a@example.com,Pending,1,2026-04-01', 'B,Ben,b@example.com,Pending,2,2026-04-02'));
    expect(await t.app.ctx.db.$count(webhookDeliveries, eq(webhookDeliveries.endpointId, hook.json().id))).toBe(0);
    await upload(owner, sheet('A,Ann,a@example.com,In Progress,1,2026-04-01', 'B,Ben,b@example.com,Pending,2,2026-04-02'));
    const [event] = (await eventsAfter(owner.portalId, 0)).filter((e) => e.type === 'client.status_changed');
    const deliveries = await t.app.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.json().id));
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]!.body)).toMatchObject({ type: 'client.status_changed', data: { eventId: String(event!.id), clientId: 'A', changedBy: 'sync' } });
    // The sync's transaction wrote one outbox job naming its events; the job opens the message after the commit.
    const outbox = await t.app.ctx.db.select().from(jobs).where(and(eq(jobs.kind, OPEN_MESSAGES_JOB), sql`${jobs.payload}->>'portalId' = ${owner.portalId}`));
    expect(outbox.map((j) => j.payload)).toEqual([{ portalId: owner.portalId, events: [[event!.id, event!.id]] }]);
    expect(await t.app.ctx.db.$count(notificationMessages, eq(notificationMessages.portalId, owner.portalId))).toBe(0);
    await t.app.ctx.jobs.runDue();
    const messages = await t.app.ctx.db.select().from(notificationMessages).where(eq(notificationMessages.portalId, owner.portalId));
    expect(messages.map((m) => [m.clientId, m.state, m.changes])).toEqual([['A', 'pending', { status: { from: 'Pending', to: 'In Progress' } }]]);
  });
});

describe('a manual position, a restore and a queue recompute record their client events', () => {
  const five = sheet(
    'A,Ann,a@example.com,Pending,1,2026-04-01',
    'B,Ben,b@example.com,Pending,2,2026-04-02',
    'C,Cy,c@example.com,Pending,3,2026-04-03',
    'D,Di,d@example.com,Pending,4,2026-04-04',
    'E,Ed,e@example.com,Pending,5,2026-04-05',
  );
  /** Runs `change` and checks its events are exactly what the one rule says of the clients before and after. */
  async function expectChangeEvents(owner: Owner, change: () => Promise<void>) {
    const mark = await lastEventId(owner.portalId);
    const before = await snapshot(owner.portalId);
    t.clock.advance(60_000);
    await change();
    const recorded = await eventsAfter(owner.portalId, mark);
    expect(asRecorded(recorded)).toEqual(expectedEvents(owner.portalId, before, await snapshot(owner.portalId)));
    expect(recorded.every((e) => e.occurredAt.getTime() === t.clock.nowMs() && e.syncRunId === null)).toBe(true);
    return recorded;
  }

  it('a manual position: every client it moves, by the user; clearing the positions moves them back', async () => {
    const owner = await businessWithPortal(t.app);
    const hook = await request(t.app, 'POST', '/api/v1/webhooks', owner.cookie, { url: 'http://127.0.0.1:3211/hook', events: ['client.queue_moved'] });
    expect(hook.statusCode, hook.body).toBe(201);
    await upload(owner, five);
    const moved = await expectChangeEvents(owner, async () => {
      const res = await request(t.app, 'PUT', `/api/v1/portals/${owner.portalId}/clients/E/queue-position`, owner.cookie, { position: 1 });
      expect(res.statusCode, res.body).toBe(200);
    });
    const positions = moved.filter((e) => e.type === 'client.queue_moved').map((e) => [e.clientId, e.data]);
    expect(positions).toEqual(expect.arrayContaining([['E', { from: 5, to: 1 }], ['A', { from: 1, to: 2 }], ['D', { from: 4, to: 5 }]]));
    expect(positions).toHaveLength(5);
    expect(new Set(moved.map((e) => e.actor))).toEqual(new Set([`user:${owner.user.id}`]));
    // Handed to the subscribers in the same transaction: a webhook delivery per move.
    expect(await t.app.ctx.db.$count(webhookDeliveries, eq(webhookDeliveries.endpointId, hook.json().id))).toBe(5);

    const back = await expectChangeEvents(owner, async () => {
      const res = await request(t.app, 'DELETE', `/api/v1/portals/${owner.portalId}/manual-positions`, owner.cookie);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(back.filter((e) => e.type === 'client.queue_moved').map((e) => [e.clientId, e.data])).toEqual(expect.arrayContaining([['E', { from: 1, to: 5 }]]));
  });

  it('a restore: client.restored by the user, no queue move of its own; the clients behind it move', async () => {
    const owner = await businessWithPortal(t.app);
    await upload(owner, five);
    await upload(owner, sheet('A,Ann,a@example.com,Pending,1,2026-04-01', 'C,Cy,c@example.com,Pending,3,2026-04-03', 'D,Di,d@example.com,Pending,4,2026-04-04', 'E,Ed,e@example.com,Pending,5,2026-04-05'));
    const restored = await expectChangeEvents(owner, async () => {
      const res = await request(t.app, 'POST', `/api/v1/portals/${owner.portalId}/clients/B/restore`, owner.cookie, {});
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(restored.map(short)).toEqual(expect.arrayContaining(['B restored', 'C queue_moved', 'D queue_moved', 'E queue_moved']));
    expect(restored.filter((e) => e.clientId === 'B').map(short)).toEqual(['B restored']);
    expect(new Set(restored.map((e) => e.actor))).toEqual(new Set([`user:${owner.user.id}`]));
  });

  it('a settings change and the next day: estimates moved, by the user and by the daily refresh', async () => {
    const owner = await businessWithPortal(t.app);
    await upload(owner, five);
    const slower = await expectChangeEvents(owner, async () => {
      const res = await request(t.app, 'PATCH', `/api/v1/portals/${owner.portalId}`, owner.cookie, { workloadSettings: { averageProjectDuration: 60 } });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(slower.filter((e) => e.type === 'client.estimate_changed')).toHaveLength(5);
    expect(new Set(slower.map((e) => e.actor))).toEqual(new Set([`user:${owner.user.id}`]));

    const [business] = await t.app.ctx.db
      .select({ timeZone: businessProfiles.timeZone })
      .from(portals)
      .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
      .where(eq(portals.id, owner.portalId));
    const nextDay = await expectChangeEvents(owner, async () => {
      t.clock.advance(24 * 60 * 60_000);
      expect(await recomputeQueue(t.app.ctx, owner.portalId, business!.timeZone, { actor: queueRefreshActor })).toBeGreaterThan(0);
    });
    expect(nextDay.length).toBeGreaterThan(0);
    expect(new Set(nextDay.map((e) => e.actor))).toEqual(new Set(['system:queue.refresh']));
  });
});

describe.skipIf(testDbKind !== 'pglite')('on the embedded database, large writes in steps', () => {
  it('a first import in steps, a staged change and queue figures in steps record exactly the change, handed to subscribers', async () => {
    const owner = await businessWithPortal(t.app);
    const hook = await request(t.app, 'POST', '/api/v1/webhooks', owner.cookie, { url: 'http://127.0.0.1:3211/hook', events: ['client.added', 'client.completed'] });
    expect(hook.statusCode, hook.body).toBe(201);
    const deliveries = () => t.app.ctx.db.$count(webhookDeliveries, eq(webhookDeliveries.endpointId, hook.json().id));
    // 2,500 new clients into an empty portal: written in steps (STEP_ROWS 1,000).
    let before = await snapshot(owner.portalId);
    await upload(owner, makeSheet(2500, 7));
    let after = await snapshot(owner.portalId);
    expect(asRecorded(await eventsAfter(owner.portalId, 0))).toEqual(expectedEvents(owner.portalId, before, after));
    expect(await deliveries()).toBe(2500);

    // Every 3rd status changes (over 1,000 rows): staged, then applied in steps with the events last.
    let mark = await lastEventId(owner.portalId);
    before = after;
    await upload(owner, makeSheet(2500, 7, 3));
    after = await snapshot(owner.portalId);
    const staged = await eventsAfter(owner.portalId, mark);
    expect(asRecorded(staged)).toEqual(expectedEvents(owner.portalId, before, after));
    expect(await deliveries()).toBe(2500 + staged.filter((e) => e.type === 'client.completed').length);

    // The client first in the queue leaves: every client behind it moves, over 1,000 queue figures written in steps.
    mark = await lastEventId(owner.portalId);
    before = after;
    const head = [...before].find(([, c]) => c.queuePosition === 1)![0];
    await upload(owner, makeSheet(2500, 7, 3).split('\n').filter((line) => !line.startsWith(`${head},`)).join('\n'));
    after = await snapshot(owner.portalId);
    const moved = await eventsAfter(owner.portalId, mark);
    expect(moved.filter((e) => e.type === 'client.queue_moved').length).toBeGreaterThan(1000);
    expect(asRecorded(moved)).toEqual(expectedEvents(owner.portalId, before, after));
  }, 180_000);
});
