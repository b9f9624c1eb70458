import { describe, expect, it } from 'vitest';
import { pastQueues, type QueueMove } from './past-queues';

describe('past mornings read back from the queue now', () => {
  it('undoes the moves newest first: a date\'s moves come after its morning; an added client was not there before', () => {
    const now = [
      { id: 'B', position: 1, priorityClass: 'medium' as const },
      { id: 'C', position: 2, priorityClass: 'high' as const },
    ];
    // Newest first, as recorded: on the 4th A was completed (1 -> out), B 2 -> 1, C 3 -> 2; on the 3rd C was added at 3.
    const moves: QueueMove[] = [
      { clientId: 'C', date: '2026-03-04', from: 3, to: 2 },
      { clientId: 'B', date: '2026-03-04', from: 2, to: 1 },
      { clientId: 'A', date: '2026-03-04', from: 1, to: null },
      { clientId: 'C', date: '2026-03-03', from: null, to: null },
    ];
    const classes = new Map([['C', 'high' as const]]);
    const mornings = pastQueues(now, moves, ['2026-03-05', '2026-03-03', '2026-03-04'], (id) => classes.get(id));
    expect(mornings.map((m) => m.date)).toEqual(['2026-03-03', '2026-03-04', '2026-03-05']);
    expect(mornings[0]!.clients).toEqual([
      { id: 'A', position: 1, priorityClass: 'medium' },
      { id: 'B', position: 2, priorityClass: 'medium' },
    ]);
    expect(mornings[1]!.clients.map((c) => [c.id, c.position])).toEqual([
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    expect(mornings[2]!.clients.map((c) => [c.id, c.position, c.priorityClass])).toEqual([
      ['B', 1, 'medium'],
      ['C', 2, 'high'],
    ]);
  });
});
