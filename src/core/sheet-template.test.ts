import { describe, expect, it } from 'vitest';
import { detectColumns } from './columns';
import { importSheetRows } from './sheet-values';
import { csvField, templateCsv, templateHeaders, templateRows, toCsv } from './sheet-template';

describe('sheet template (spec 9)', () => {
  it('has the seven columns and five rows', () => {
    expect(templateHeaders).toEqual(['Client ID', 'Client Name', 'Email Address', 'Status', 'Priority', 'Due Date', 'Notes']);
    expect(templateRows()).toHaveLength(5);
    for (const row of templateRows()) expect(row).toHaveLength(7);
  });

  it('dates the samples around today, so a fresh template is not overdue', () => {
    const rows = templateRows(new Date('2026-11-22T15:00:00Z'));
    expect(rows.map((r) => r[5])).toEqual(['2026-12-13', '2026-12-20', '2026-11-15', '2026-12-06', '2027-01-03']);
  });

  it('is detected and imported in full', () => {
    const rows = templateRows();
    const detection = detectColumns(templateHeaders, rows);
    expect(detection.mapping).toEqual({ id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 });
    expect(detection.confidence).toBe(100);
    const imported = importSheetRows({ headers: templateHeaders, rows, mapping: detection.mapping });
    expect(imported.clients).toHaveLength(5);
    expect(imported.dateProblems).toEqual([]);
  });

  it('writes CSV', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(toCsv([['a', 'b'], ['1', '2\n3']])).toBe('a,b\r\n1,"2\n3"\r\n');
    expect(templateCsv().split('\r\n')[0]).toBe('Client ID,Client Name,Email Address,Status,Priority,Due Date,Notes');
    expect(templateCsv().split('\r\n')).toHaveLength(7);
  });
});
