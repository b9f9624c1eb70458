import { describe, expect, it } from 'vitest';
import type { ClientEventActor } from '../client-events';
import type { ClientState } from './client-changes';
import { planEvents, type PlannedChanges, type PlannedClient } from './plan-events';

const actor: ClientEventActor = { kind: 'sync', runId: 'r1' };
const stored = new Map<string, ClientState>([
  ['a', { status: 'Pending', queuePosition: 1, estimatedCompletion: '2026-12-01', removed: false }],
  ['b', { status: 'Pending', queuePosition: 2, estimatedCompletion: '2026-12-02', removed: false }],
  ['gone', { status: 'Pending', queuePosition: null, estimatedCompletion: null, removed: true }],
]);
const row = (client_id: string, status: string, queue_position: number | null = null, estimated_completion: string | null = null): PlannedClient => ({
  client_id,
  status,
  queue_position,
  estimated_completion,
});
const none: PlannedChanges = { inserts: [], updates: [], queueUpdates: [], removals: [] };
const events = (plan: Partial<PlannedChanges>) => planEvents('p', { ...none, ...plan }, stored, actor, 'writers').map((e) => `${e.clientId} ${e.type}`);

describe('planEvents', () => {
  it.each([
    ['nothing written', {}, []],
    ['a new client', { inserts: [row('n', 'Pending', 3, '2026-12-03')] }, ['n client.added']],
    ['a client that left', { removals: ['b'] }, ['b client.removed']],
    ['a status change', { updates: [row('a', 'Completed')] }, ['a client.status_changed', 'a client.completed', 'a client.queue_moved', 'a client.estimate_changed']],
    ['a removed client back', { updates: [row('gone', 'Pending', 3, '2026-12-03')] }, ['gone client.restored']],
    ['content changed, same status and place', { updates: [row('a', 'Pending', 1, '2026-12-01')] }, []],
    ['a queue move', { queueUpdates: [{ client_id: 'b', queue_position: 1, estimated_completion: '2026-12-02' }] }, ['b client.queue_moved']],
    ['a new estimate', { queueUpdates: [{ client_id: 'a', queue_position: 1, estimated_completion: '2026-12-04' }] }, ['a client.estimate_changed']],
    ['a row number alone', { queueUpdates: [{ client_id: 'a', queue_position: 1, estimated_completion: '2026-12-01' }] }, []],
    [
      'in order: removals, new, changed, moved',
      { queueUpdates: [{ client_id: 'a', queue_position: 2, estimated_completion: '2026-12-01' }], updates: [row('gone', 'Pending')], inserts: [row('n', 'Pending')], removals: ['b'] },
      ['b client.removed', 'n client.added', 'gone client.restored', 'a client.queue_moved'],
    ],
  ] as const)('%s', (_name, plan, want) => {
    expect(events(plan as Partial<PlannedChanges>)).toEqual(want);
  });

  it('carries the portal, cause and old and new values', () => {
    const [moved] = planEvents('p', { ...none, queueUpdates: [{ client_id: 'b', queue_position: 1, estimated_completion: '2026-12-02' }] }, stored, actor, 'writers');
    expect(moved).toEqual({ portalId: 'p', clientId: 'b', actor, type: 'client.queue_moved', data: { from: 2, to: 1 } });
  });

  it('leaves estimate changes to the estimates refresh when the portal has computed estimates', () => {
    const plan = { ...none, queueUpdates: [{ client_id: 'a', queue_position: 2, estimated_completion: '2026-12-04' }], updates: [row('b', 'Completed')] };
    expect(planEvents('p', plan, stored, actor, 'refresh').map((e) => `${e.clientId} ${e.type}`)).toEqual(['b client.status_changed', 'b client.completed', 'b client.queue_moved', 'a client.queue_moved']);
  });
});
