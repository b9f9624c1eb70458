import { describe, expect, it } from 'vitest';
import type { QueueEntry } from '../estimate';
import { figuresOf, queueChange } from './queue-diff';

const queued = (position: number, estimatedCompletion = '2026-12-01', workingDays = 5): QueueEntry => ({
  state: 'queued',
  position,
  priorityNumber: 3,
  priorityClass: 'medium',
  statusClass: 'pending',
  workingDays,
  estimatedCompletion,
});
const done: QueueEntry = { state: 'completed', priorityNumber: 3, priorityClass: 'medium', statusClass: 'completed' };
const stored = { row: 2, queueState: 'queued' as const, queuePosition: 1, estimatedWorkingDays: 5, estimatedCompletion: '2026-12-01' };

describe('queueChange', () => {
  it.each([
    ['nothing moved', stored, 2, queued(1), null],
    ['only the row moved', stored, 3, queued(1), { row: 3, queue_position: 1 }],
    ['a new place', stored, 2, queued(2), { queue_position: 2 }],
    ['a new estimate', stored, 2, queued(1, '2026-12-02', 6), { estimated_completion: '2026-12-02', estimated_working_days: 6 }],
    ['completed: no place, no estimate', stored, 2, done, { queue_state: 'completed', queue_position: null, estimated_completion: null, estimated_working_days: null }],
  ] as const)('%s', (_name, before, row, q, want) => {
    const change = queueChange('c1', before, row, q);
    if (want === null) expect(change).toBeNull();
    else expect(change).toMatchObject({ client_id: 'c1', ...want });
  });

  it('stores a position and estimate only while queued', () => {
    expect(figuresOf(done)).toEqual({ queueState: 'completed', queuePosition: null, estimatedWorkingDays: null, estimatedCompletion: null });
    expect(figuresOf(queued(4))).toEqual({ queueState: 'queued', queuePosition: 4, estimatedWorkingDays: 5, estimatedCompletion: '2026-12-01' });
  });
});
