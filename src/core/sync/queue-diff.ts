import type { QueueEntry } from '../estimate';

// The one queue diff (issue 18 item 2): what a client's stored queue figures become, and whether that is a write.
// Used by the sync's plan and by the queue recompute (settings change, daily refresh, restore, manual position).

export type QueueState = QueueEntry['state'];

/** A client's stored queue figures. */
export interface QueueFigures {
  queueState: QueueState | null;
  queuePosition: number | null;
  estimatedWorkingDays: number | null;
  estimatedCompletion: string | null;
}

/** The figures a queue entry stores: a position and estimate only while queued (D4). */
export function figuresOf(q: QueueEntry): QueueFigures {
  return q.state === 'queued'
    ? { queueState: 'queued', queuePosition: q.position, estimatedWorkingDays: q.workingDays, estimatedCompletion: q.estimatedCompletion }
    : { queueState: q.state, queuePosition: null, estimatedWorkingDays: null, estimatedCompletion: null };
}

/** A row number and queue figures to write (snake case: the row shape the writers store). */
export interface QueueWrite {
  client_id: string;
  row: number;
  queue_state: QueueState | null;
  queue_position: number | null;
  estimated_working_days: number | null;
  estimated_completion: string | null;
}

/** The write that brings `before` to row `row` and queue entry `q`, or null when nothing changes. */
export function queueChange(clientId: string, before: QueueFigures & { row: number }, row: number, q: QueueEntry): QueueWrite | null {
  const next = figuresOf(q);
  if (
    before.row === row &&
    before.queueState === next.queueState &&
    before.queuePosition === next.queuePosition &&
    before.estimatedWorkingDays === next.estimatedWorkingDays &&
    before.estimatedCompletion === next.estimatedCompletion
  ) {
    return null;
  }
  return {
    client_id: clientId,
    row,
    queue_state: next.queueState,
    queue_position: next.queuePosition,
    estimated_working_days: next.estimatedWorkingDays,
    estimated_completion: next.estimatedCompletion,
  };
}
