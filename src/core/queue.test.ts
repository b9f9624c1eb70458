import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeQueuePositions, type QueueItem } from './queue';

const positionsOf = (items: QueueItem[]) => computeQueuePositions(items).positions;
const item = (patch: Partial<QueueItem> = {}): QueueItem => ({ status: 'Pending', priority: '', ...patch });

describe('computeQueuePositions (D4)', () => {
  it.each<[string, QueueItem[], (number | null)[]]>([
    ['no clients', [], []],
    ['one client is position 1', [item()], [1]],
    ['completed and cancelled get none', [item({ status: 'Done' }), item({ status: 'Cancelled' }), item()], [null, null, 1]],
    ['only completed', [item({ status: 'Completed' })], [null]],
    ['override first, ascending', [item({ priority: 0 }), item({ manualPosition: 2 }), item({ manualPosition: 1 })], [3, 2, 1]],
    ['override beats priority and status', [item({ priority: 'urgent', status: 'Urgent' }), item({ priority: 'low', manualPosition: 9 })], [2, 1]],
    ['override tie falls to priority', [item({ manualPosition: 1, priority: 5 }), item({ manualPosition: 1, priority: 1 })], [2, 1]],
    ['override null and undefined both unset', [item({ manualPosition: null, priority: 1 }), item({ priority: 2 })], [1, 2]],
    ['priority number ascending', [item({ priority: 'low' }), item({ priority: '3' }), item({ priority: 'urgent' }), item({ priority: 'high' })], [4, 3, 1, 2]],
    ['empty priority (999) after low (6)', [item({ priority: '' }), item({ priority: 'Low' })], [2, 1]],
    ['decimal priority', [item({ priority: '1.5' }), item({ priority: 1 })], [2, 1]],
    ['priority tie falls to status weight, descending', [item({ status: 'Pending' }), item({ status: 'In review' }), item({ status: 'In progress' }), item({ status: 'Urgent' })], [4, 3, 2, 1]],
    ['weight tie falls to due date, earlier first', [item({ dueDate: '2026-03-01' }), item({ dueDate: '2026-02-01' })], [2, 1]],
    ['unset due date last', [item({ dueDate: null }), item({ dueDate: '2030-01-01' })], [2, 1]],
    ['unreadable due date counts as unset', [item({ dueDate: 'soon' }), item({ dueDate: '2030-01-01' })], [2, 1]],
    ['due tie falls to row order', [item({ dueDate: '2026-02-01', row: 9 }), item({ dueDate: '2026-02-01', row: 3 })], [2, 1]],
    ['both unset due dates fall to row order', [item({ row: 5 }), item({ row: 4 })], [2, 1]],
    ['row defaults to input order', [item(), item(), item()], [1, 2, 3]],
    ['equal rows fall to input order', [item({ row: 1 }), item({ row: 1 })], [1, 2]],
    ['empty and odd status texts are active', [item({ status: '' }), item({ status: null }), item({ status: '???' })], [1, 2, 3]],
  ])('%s', (_name, items, expected) => {
    expect(positionsOf(items)).toEqual(expected);
  });

  it('returns the order, classes and priority numbers', () => {
    const result = computeQueuePositions([item({ status: 'Done', priority: 'high' }), item({ priority: 'low' }), item({ priority: 1 })]);
    expect(result.order).toEqual([2, 1]);
    expect(result.statusClasses).toEqual(['completed', 'pending', 'pending']);
    expect(result.priorityNumbers).toEqual([1, 6, 1]);
  });
});

const itemArb: fc.Arbitrary<QueueItem> = fc.record({
  status: fc.constantFrom('Pending', 'In Progress', 'Review', 'Urgent', 'Done', 'Cancelled', '', 'On hold', 'waiting'),
  priority: fc.oneof(fc.constantFrom('urgent', 'high', 'medium', 'normal', 'low', '', 'x'), fc.integer({ min: 0, max: 10 })),
  dueDate: fc.option(fc.constantFrom('2026-01-01', '2026-01-02', '2026-02-01', 'tomorrow'), { nil: null }),
  manualPosition: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
});

/** Reference: the D4 order written plainly. */
function referenceOrder(items: QueueItem[]): number[] {
  const rank = (s: string | null | undefined) => {
    const t = (s ?? '').toLowerCase();
    if (t.includes('urgent') || t.includes('high')) return 5;
    if (t.includes('progress') || t.includes('working') || t.includes('active')) return 3;
    if (t.includes('review')) return 2;
    return 0;
  };
  const words: Record<string, number> = { urgent: 0, high: 1, medium: 3, normal: 3, low: 6 };
  const prio = (p: QueueItem['priority']) =>
    typeof p === 'number' ? p : p && /^\d+$/.test(p) ? Number(p) : (words[(p ?? '').toLowerCase()] ?? 999);
  const key = (v: number | null | undefined) => (v == null ? Infinity : v);
  const due = (d: string | null | undefined) => (d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : '\uffff');
  return items
    .map((it, i) => ({ it, i }))
    .filter(({ it }) => {
      const s = (it.status ?? '').toLowerCase();
      return !['complete', 'done', 'finished', 'cancel'].some((w) => s.includes(w));
    })
    .sort((a, b) => {
      const ka = key(a.it.manualPosition);
      const kb = key(b.it.manualPosition);
      if (ka !== kb) return ka < kb ? -1 : 1;
      if (prio(a.it.priority) !== prio(b.it.priority)) return prio(a.it.priority) - prio(b.it.priority);
      if (rank(a.it.status) !== rank(b.it.status)) return rank(b.it.status) - rank(a.it.status);
      if (due(a.it.dueDate) !== due(b.it.dueDate)) return due(a.it.dueDate) < due(b.it.dueDate) ? -1 : 1;
      return a.i - b.i;
    })
    .map(({ i }) => i);
}

describe('queue properties', () => {
  it('positions are 1..n without gaps or duplicates; inactive clients have none', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 200 }), (items) => {
        const { positions, statusClasses } = computeQueuePositions(items);
        const given = positions.filter((p): p is number => p !== null).sort((a, b) => a - b);
        expect(given).toEqual(given.map((_, k) => k + 1));
        positions.forEach((p, i) => {
          const inactive = statusClasses[i] === 'completed' || statusClasses[i] === 'cancelled';
          expect(p === null).toBe(inactive);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('matches a plain reference implementation of the order', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 100 }), (items) => {
        expect(computeQueuePositions(items).order).toEqual(referenceOrder(items));
      }),
      { numRuns: 300 },
    );
  });

  it('adding a completed or cancelled client anywhere never changes anyone else', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 100 }),
        itemArb,
        fc.constantFrom('Completed', 'done', 'Cancelled', 'canceled'),
        fc.nat(),
        (items, extra, status, at) => {
          const index = items.length === 0 ? 0 : at % (items.length + 1);
          const before = computeQueuePositions(items).positions;
          const withExtra = [...items.slice(0, index), { ...extra, status }, ...items.slice(index)];
          const after = computeQueuePositions(withExtra).positions;
          expect(after[index]).toBeNull();
          expect([...after.slice(0, index), ...after.slice(index + 1)]).toEqual(before);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('input order does not matter when rows are given', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 60 }).chain((items) => fc.tuple(fc.constant(items), fc.shuffledSubarray(items.map((_, i) => i), { minLength: items.length }))), ([items, perm]) => {
        const withRows = items.map((it, i) => ({ ...it, row: i }));
        const base = computeQueuePositions(withRows).positions;
        const shuffled = computeQueuePositions(perm.map((i) => withRows[i] as QueueItem)).positions;
        perm.forEach((orig, k) => expect(shuffled[k]).toBe(base[orig]));
      }),
      { numRuns: 200 },
    );
  });
});
