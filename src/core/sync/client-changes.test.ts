import { describe, expect, it } from 'vitest';
import type { ClientEventActor } from '../client-events';
import { clientChangeEvents, type ClientState } from './client-changes';

const actor: ClientEventActor = { kind: 'sync', runId: 'r1' };
const s = (status: string, queuePosition: number | null = 1, estimatedCompletion: string | null = '2026-12-01', removed = false): ClientState => ({
  status,
  queuePosition,
  estimatedCompletion,
  removed,
});
const types = (before: ClientState | null, after: ClientState | null) => clientChangeEvents('p', 'c', before, after, actor, 'writers').map((e) => e.type);

describe('clientChangeEvents', () => {
  it.each([
    ['a new client', null, s('Pending'), ['client.added']],
    ['nothing changed', s('Pending'), s('Pending'), []],
    ['a client that left', s('Pending'), null, ['client.removed']],
    ['a client marked removed', s('Pending'), s('Pending', null, null, true), ['client.removed']],
    ['a removed client that stays removed', s('Pending', null, null, true), null, []],
    ['a client back', s('Pending', null, null, true), s('Pending', 3, '2026-12-09'), ['client.restored']],
    ['back with another status', s('Pending', null, null, true), s('Review', 3), ['client.restored', 'client.status_changed']],
    ['a status change in the same class', s('Pending'), s('Waiting on documents'), ['client.status_changed']],
    ['completed', s('In Progress'), s('Completed', null, null), ['client.status_changed', 'client.completed', 'client.queue_moved', 'client.estimate_changed']],
    ['cancelled', s('Pending', 2, null), s('Cancelled', null, null), ['client.status_changed', 'client.cancelled', 'client.queue_moved']],
    ['Done after Completed (both completed)', s('Completed', null, null), s('Done', null, null), ['client.status_changed']],
    ['moved in the queue', s('Pending', 4), s('Pending', 2), ['client.queue_moved']],
    ['a new estimate', s('Pending', 1, '2026-12-01'), s('Pending', 1, '2026-12-02'), ['client.estimate_changed']],
  ] as const)('%s', (_name, before, after, want) => {
    expect(types(before, after)).toEqual(want);
  });

  it('carries old and new values, the portal, client and cause', () => {
    expect(clientChangeEvents('p', 'c', s('Pending', 4, '2026-12-01'), s('Completed', null, null), actor, 'writers')).toEqual([
      { portalId: 'p', clientId: 'c', actor, type: 'client.status_changed', data: { from: 'Pending', to: 'Completed', fromClass: 'pending', toClass: 'completed' } },
      { portalId: 'p', clientId: 'c', actor, type: 'client.completed', data: { status: 'Completed' } },
      { portalId: 'p', clientId: 'c', actor, type: 'client.queue_moved', data: { from: 4, to: null } },
      { portalId: 'p', clientId: 'c', actor, type: 'client.estimate_changed', data: { from: '2026-12-01', to: null } },
    ]);
    expect(clientChangeEvents('p', 'c', null, s('Done'), actor, 'writers')[0]).toMatchObject({ type: 'client.added', data: { status: 'Done', statusClass: 'completed' } });
  });

  it('once the estimates refresh records a portal\'s estimate changes, a writer\'s new formula date is no event', () => {
    const refresh = (before: ClientState, after: ClientState) => clientChangeEvents('p', 'c', before, after, actor, 'refresh').map((e) => e.type);
    expect(refresh(s('Pending', 1, '2026-12-01'), s('Pending', 1, '2026-12-02'))).toEqual([]);
    expect(refresh(s('In Progress'), s('Completed', null, null))).toEqual(['client.status_changed', 'client.completed', 'client.queue_moved']);
    expect(refresh(s('Pending', 4), s('Pending', 2, '2026-11-30'))).toEqual(['client.queue_moved']);
  });
});
