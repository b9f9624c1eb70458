import { describe, expect, it } from 'vitest';
import { columnLetter, importSheetRows, parseSheetDate, rawKeys } from './sheet-values';

describe('parseSheetDate', () => {
  it.each<[string, 'mdy' | 'dmy', string | null]>([
    ['2026-12-31', 'mdy', '2026-12-31'],
    ['2026-1-5', 'mdy', '2026-01-05'],
    ['2026/12/31', 'dmy', '2026-12-31'],
    ['2026-12-31T10:30:00Z', 'mdy', '2026-12-31'],
    ['2026-12-31 10:30', 'mdy', '2026-12-31'],
    ['12/31/2026', 'mdy', '2026-12-31'],
    ['12/31/2026', 'dmy', '2026-12-31'], // only one real reading
    ['31/12/2026', 'mdy', '2026-12-31'],
    ['31.12.2026', 'dmy', '2026-12-31'],
    ['03/04/2026', 'mdy', '2026-03-04'],
    ['03/04/2026', 'dmy', '2026-04-03'],
    ['03.04.2026', 'dmy', '2026-04-03'],
    ['3-4-2026', 'mdy', '2026-03-04'],
    ['05/05/2026', 'dmy', '2026-05-05'],
    ['12/31/26', 'mdy', '2026-12-31'],
    ['1/2/2026 9:15:00 AM', 'mdy', '2026-01-02'],
    ['Dec 31, 2026', 'mdy', '2026-12-31'],
    ['December 31, 2026', 'dmy', '2026-12-31'],
    ['Dec. 31 2026', 'mdy', '2026-12-31'],
    ['Sept 1, 2026', 'mdy', '2026-09-01'],
    ['31 Dec 2026', 'mdy', '2026-12-31'],
    ['31st December 2026', 'mdy', '2026-12-31'],
    ['31-Dec-2026', 'mdy', '2026-12-31'],
    ['Thu, Dec 31, 2026', 'mdy', '2026-12-31'],
    ['Thursday, 31 December 2026', 'mdy', '2026-12-31'],
    ['  2026-12-31  ', 'mdy', '2026-12-31'],
    ['', 'mdy', null],
    ['soon', 'mdy', null],
    ['TBD', 'mdy', null],
    ['2026-02-30', 'mdy', null],
    ['13/13/2026', 'mdy', null],
    ['Feb 30, 2026', 'mdy', null],
    ['Smarch 3, 2026', 'mdy', null],
    ['12/31', 'mdy', null],
    ['46022', 'mdy', null],
    ['2026', 'mdy', null],
  ])('%j (%s) -> %s', (text, order, expected) => {
    const parsed = parseSheetDate(text, order);
    expect(parsed.ok ? parsed.date : null).toBe(expected);
  });
});

describe('columnLetter and raw keys', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('%i -> %s', (i, letter) => {
    expect(columnLetter(i)).toBe(letter);
  });

  it('names empty and repeated headers', () => {
    expect(rawKeys(['Name', '', 'Name', ' Notes '])).toEqual(['Name', 'B', 'Name (2)', 'Notes']);
    // A header already named like a numbered copy: every cell keeps its own key.
    expect(rawKeys(['Notes', 'Notes (2)', 'Notes'])).toEqual(['Notes', 'Notes (2)', 'Notes (3)']);
    expect(rawKeys(['Notes (2)', 'Notes', 'Notes'])).toEqual(['Notes (2)', 'Notes', 'Notes (3)']);
  });
});

describe('importSheetRows', () => {
  const headers = ['ID', 'Name', 'Email', 'Status', 'Priority', 'Due', 'Notes'];
  const mapping = { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 };

  it('reads rows, drops rows without an e-mail, fills defaults and reports dates', () => {
    const result = importSheetRows({
      headers,
      mapping,
      dateOrder: 'dmy',
      rows: [
        ['A1', ' Ann Lee ', ' ann@x.com ', 'In Progress', 'High', '03/04/2026', 'hi'],
        ['', '', 'bob@x.com', '', '', 'next week', ''],
        ['C3', 'No Mail', '  ', 'Pending', '1', '', ''],
        ['D4', 'Short', 'dee@x.com'],
        ['E5', 'Placeholder', 'N/A', 'Pending'],
        ['F6', 'Dash', '-', 'Pending'],
        ['G7', 'Two', 'a@x.com, b@x.com', 'Pending'],
      ],
    });
    expect(result.droppedRows).toEqual([4]);
    // A value that is not an address is no e-mail either (spec 5), not a client nobody can look up.
    expect(result.notEmails).toEqual([
      { row: 6, value: 'N/A' },
      { row: 7, value: '-' },
      { row: 8, value: 'a@x.com, b@x.com' },
    ]);
    expect(result.dateProblems).toEqual([
      { row: 3, value: 'next week', message: 'Row 3: "next week" is not a date we can read; kept as text' },
    ]);
    expect(result.clients).toHaveLength(3);
    expect(result.clients[0]).toEqual({
      row: 2,
      sourceId: 'A1',
      name: 'Ann Lee',
      email: 'ann@x.com',
      status: 'In Progress',
      priority: 'High',
      dueDate: '2026-04-03',
      dateText: '03/04/2026',
      notes: 'hi',
      raw: { ID: 'A1', Name: ' Ann Lee ', Email: ' ann@x.com ', Status: 'In Progress', Priority: 'High', Due: '03/04/2026', Notes: 'hi' },
    });
    expect(result.clients[1]).toMatchObject({ sourceId: '', name: 'Unknown', status: 'Unknown', dueDate: null, dateText: 'next week' });
    expect(result.clients[2]).toMatchObject({ sourceId: 'D4', status: 'Unknown', priority: '', dueDate: null, notes: '' });
  });

  it('works with only the required columns mapped', () => {
    const result = importSheetRows({ headers: ['E', 'N', 'S'], mapping: { email: 0, name: 1, status: 2 }, rows: [['a@b.co', 'A', 'Done']] });
    expect(result.clients[0]).toMatchObject({ sourceId: '', priority: '', dueDate: null, notes: '' });
  });

  it('numbers rows from firstRow, so a sheet can be imported in slices', () => {
    const rows = [['a@b.co', 'A', 'Done'], ['', 'B', 'Pending'], ['c@b.co', '', '']];
    const whole = importSheetRows({ headers: ['E', 'N', 'S'], mapping: { email: 0, name: 1, status: 2 }, rows });
    const sliced = [0, 1, 2].map((i) =>
      importSheetRows({ headers: ['E', 'N', 'S'], mapping: { email: 0, name: 1, status: 2 }, rows: rows.slice(i, i + 1), firstRow: 2 + i }),
    );
    expect(sliced.flatMap((s) => s.clients)).toEqual(whole.clients);
    expect(sliced.flatMap((s) => s.droppedRows)).toEqual([3]);
    expect(whole.clients[1]).toMatchObject({ row: 4, sourceId: '', name: 'Unknown' });
  });
});
