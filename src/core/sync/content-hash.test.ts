import { describe, expect, it } from 'vitest';
import { columnOrderHash, contentHash, holdsSame, isRestoredMark, RESTORED_MARK, withoutRestoreMark } from './content-hash';
import { plainHash, readClient } from './fixtures.test-helpers';

describe('content hash (hashing injected)', () => {
  const inSheetOrder = readClient(2, 'a@x', { raw: { Name: 'Ann', Email: 'a@x' } });
  const columnsMoved = { ...inSheetOrder, raw: { Email: 'a@x', Name: 'Ann' } };

  it('hashes the cells in header order, marked with its version', () => {
    expect(contentHash(inSheetOrder, plainHash)).toBe(contentHash(columnsMoved, plainHash));
    expect(contentHash(inSheetOrder, plainHash).startsWith('v2:h(')).toBe(true);
    expect(contentHash({ ...inSheetOrder, status: 'Done' }, plainHash)).not.toBe(contentHash(inSheetOrder, plainHash));
  });

  it.each([
    { name: 'the same hash', stored: () => contentHash(inSheetOrder, plainHash), c: inSheetOrder, same: true },
    { name: 'an old hash of the same cells in sheet order', stored: () => columnOrderHash(inSheetOrder, plainHash), c: inSheetOrder, same: true },
    { name: 'an old hash, columns moved since', stored: () => columnOrderHash(inSheetOrder, plainHash), c: columnsMoved, same: false },
    { name: 'a current hash of other content', stored: () => contentHash({ ...inSheetOrder, notes: 'n' }, plainHash), c: inSheetOrder, same: false },
  ])('holdsSame: $name -> $same', ({ stored, c, same }) => {
    expect(holdsSame(stored(), contentHash(c, plainHash), c, plainHash)).toBe(same);
  });

  it('reads and removes the restore mark', () => {
    expect(isRestoredMark(`${RESTORED_MARK}v2:a`)).toBe(true);
    expect(withoutRestoreMark(`${RESTORED_MARK}v2:a`)).toBe('v2:a');
    expect(withoutRestoreMark('v2:a')).toBe('v2:a');
  });
});
