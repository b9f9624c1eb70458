import { describe, expect, it } from 'vitest';
import { contentHash, RESTORED_MARK } from './content-hash';
import { plainHash, readClient, storedClient } from './fixtures.test-helpers';
import { isLargeDrop, removalsOf } from './removal';
import { holdsStored, outcomeOf, restoredToKeep, type IncomingClient } from './restore';

const ann = readClient(2, 'a@x');
const incoming: IncomingClient = { client: ann, hash: contentHash(ann, plainHash), sourceId: null };
const holding = (o = {}) => storedClient('c1', { contentHash: incoming.hash, ...o });

describe('what a sync does with an incoming client', () => {
  it.each([
    { name: 'new', before: undefined, want: 'imported' },
    { name: 'stored as it is', before: holding(), want: 'unchanged' },
    { name: 'stored under another id cell', before: holding({ sourceId: 'A-1' }), want: 'updated' },
    { name: 'stored with other content', before: holding({ contentHash: 'v2:other' }), want: 'updated' },
    { name: 'removed', before: holding({ removed: true }), want: 'restored' },
    { name: 'restored by the business, back as it was', before: holding({ contentHash: RESTORED_MARK + incoming.hash }), want: 'mark_cleared' },
    { name: 'restored by the business, back changed', before: holding({ contentHash: `${RESTORED_MARK}v2:other` }), want: 'updated' },
  ])('$name: $want', ({ before, want }) => {
    expect(outcomeOf(before, holdsStored(before, incoming, plainHash), incoming, plainHash)).toBe(want);
  });
});

describe('restored clients the source lacks', () => {
  const restored = storedClient('r', { contentHash: `${RESTORED_MARK}v2:x` });
  const plain = storedClient('p');
  it.each([
    { name: 'kept while nothing else changed', existing: [restored, plain], matched: ['p'], changed: false, want: ['r'] },
    { name: 'dropped when a kept client changed', existing: [restored, plain], matched: ['p'], changed: true, want: [] },
    { name: 'dropped when another client left the source', existing: [restored, plain], matched: [], changed: false, want: [] },
    { name: 'a removed one is not kept', existing: [{ ...restored, removed: true }], matched: [], changed: false, want: [] },
  ])('$name', ({ existing, matched, changed, want }) => {
    expect(restoredToKeep(existing, new Set(matched), changed).map((c) => c.clientId)).toEqual(want);
  });
});

describe('removal and the drop guard', () => {
  const existing = ['a', 'b', 'c', 'd'].map((id) => storedClient(id)).concat(storedClient('gone', { removed: true }));
  it.each([
    { stays: ['a', 'b', 'c', 'd'], removals: [], large: false },
    { stays: ['a', 'b'], removals: ['c', 'd'], large: false },
    { stays: ['a'], removals: ['b', 'c', 'd'], large: true },
  ])('staying $stays: removes $removals (large drop: $large)', ({ stays, removals, large }) => {
    const plan = removalsOf(existing, (id) => stays.includes(id));
    expect(plan).toEqual({ removals, previousActive: 4 });
    expect(isLargeDrop(plan)).toBe(large);
  });
  it('a portal without clients has no large drop', () => {
    expect(isLargeDrop({ removals: [], previousActive: 0 })).toBe(false);
  });
});
