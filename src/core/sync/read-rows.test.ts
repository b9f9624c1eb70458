import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { importSheetRows } from '../sheet-values';
import { plainHash } from './fixtures.test-helpers';
import { droppedSkips, joinReads, readSlice, unreadableDatesWarning } from './read-rows';
import { listSkipped, MAX_LISTED_SKIPPED } from './skipped-rows';

const headers = ['Name', 'Email', 'Due'];
const mapping = { name: 0, email: 1, date: 2 };
const sheet = [
  ['Ann', 'ann@example.com', '01/15/2027'],
  ['Bob', '', ''],
  ['Cy', 'N/A', ''],
  ['Di', 'di@example.com', 'soon'],
  ['Ed', 'ed@example.com', 'later'],
];

describe('reading a sheet in slices', () => {
  const slices = [sheet.slice(0, 2), sheet.slice(2)].map((rows, k) => readSlice(importSheetRows({ headers, rows, mapping, firstRow: 2 + k * 2 }), plainHash));
  const read = joinReads(slices);

  it('joins the slices in order, each client hashed', () => {
    expect(read.clients.map((c) => c.row)).toEqual([2, 5, 6]);
    expect(read.hashes).toHaveLength(3);
    expect(read.hashes[0]!.startsWith('v2:h(')).toBe(true);
  });

  it('says why each row was dropped: no e-mail (reported when it has cells), not an e-mail', () => {
    expect(droppedSkips(read.dropped, (row) => row !== 3)).toEqual([{ row: 4, reason: messages.sync.notAnEmail('N/A') }]);
    expect(droppedSkips(read.dropped, () => true)).toEqual([
      { row: 3, reason: messages.sync.noEmail },
      { row: 4, reason: messages.sync.notAnEmail('N/A') },
    ]);
  });

  it('names the first unreadable date and counts them all', () => {
    expect(read.unreadableDates).toBe(2);
    expect(unreadableDatesWarning(read)).toBe(messages.sync.unreadableDates(2, { row: 5, value: 'soon' }));
    expect(unreadableDatesWarning({ unreadableDates: 0, firstUnreadable: null })).toBeNull();
  });
});

describe('listSkipped', () => {
  it('counts every skip and lists the first ones given, by row', () => {
    const skips = Array.from({ length: MAX_LISTED_SKIPPED + 5 }, (_, i) => ({ row: MAX_LISTED_SKIPPED + 10 - i, reason: 'r' }));
    const { skipped, skippedRows } = listSkipped(skips);
    expect(skipped).toBe(MAX_LISTED_SKIPPED + 5);
    expect(skippedRows).toHaveLength(MAX_LISTED_SKIPPED);
    expect(skippedRows[0]!.row).toBe(11);
    expect(skippedRows.at(-1)!.row).toBe(MAX_LISTED_SKIPPED + 10);
  });
});
