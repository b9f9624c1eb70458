import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { dedupeByEmail, duplicateIdError } from './dedupe';
import { readClient } from './fixtures.test-helpers';

describe('dedupeByEmail', () => {
  it('keeps the later row of an e-mail (any case), skipping the earlier with the row used', () => {
    const clients = [readClient(2, 'A@x'), readClient(3, 'b@x'), readClient(4, 'a@X ')];
    const out = dedupeByEmail({ clients, hashes: ['h2', 'h3', 'h4'] });
    expect(out.clients.map((c) => c.row)).toEqual([3, 4]);
    expect(out.hashes).toEqual(['h3', 'h4']);
    expect(out.skips).toEqual([{ row: 2, reason: messages.sync.duplicateEmail('A@x', 4) }]);
  });
});

describe('duplicateIdError', () => {
  it.each([
    { name: 'distinct ids', ids: ['A', 'B'], want: null },
    { name: 'blank ids are no ids', ids: ['', ''], want: null },
    { name: 'an id twice', ids: ['A', 'B', 'A'], want: messages.sync.duplicateClientId('A', 2, 4) },
  ])('$name', ({ ids, want }) => {
    expect(duplicateIdError(ids.map((sourceId, i) => readClient(i + 2, `${i}@x`, { sourceId })))).toBe(want);
  });
});
