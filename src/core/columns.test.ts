import { describe, expect, it } from 'vitest';
import {
  canFinalizeMapping,
  columnMappingSchema,
  confidenceBand,
  describeMapping,
  detectColumns,
  mappingConfidence,
  normalizeHeader,
} from './columns';

describe('header forms', () => {
  it.each<[string[], Record<string, number>]>([
    [['Client ID', 'Client Name', 'Email Address', 'Status', 'Priority', 'Due Date', 'Notes'], { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 }],
    [['Matter #', 'Client', 'E-mail', 'Stage', 'Urgency', 'Deadline', 'Comments'], { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 }],
    [['Customer Name', 'Customer Email', 'Project Status', 'Target Date'], { name: 0, email: 1, status: 2, date: 3 }],
    [['Name', 'email', 'STATUS'], { name: 0, email: 1, status: 2 }],
    [['Customer', 'Mail', 'Phase', 'Importance', 'Remarks'], { name: 0, email: 1, status: 2, priority: 3, notes: 4 }],
    [['Case Number', 'Full Name', 'Contact Email', 'State'], { id: 0, name: 1, email: 2, status: 3 }],
    [['Email', 'Client Email'], { email: 0 }],
    [['Notes', 'Project', 'Amount'], { notes: 0 }],
    [['Name', 'Phone Number', 'Email', 'Status Update', 'Priority Level', 'Date of Birth'], { name: 0, email: 2, status: 3, priority: 4 }],
    [['Number', 'Client Name', 'Email', 'State'], { id: 0, name: 1, email: 2, status: 3 }],
    [['Job', 'Customer Name', 'Customer Email', 'Project Status', 'Priority', 'Target Date', 'Site Notes'], { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 }],
    [['Job Title', 'Name', 'Email', 'Status'], { name: 1, email: 2, status: 3 }],
  ])('%j', (headers, expected) => {
    expect(detectColumns(headers).mapping).toEqual(expected);
  });

  it.each([
    ['E-mail', 'email'],
    ['  Email Address ', 'email address'],
    ['Matter #', 'matter #'],
    ['Matter#', 'matter #'],
    ['Due_Date', 'due date'],
  ])('normalizeHeader(%j) = %j', (header, expected) => {
    expect(normalizeHeader(header)).toBe(expected);
  });
});

describe('detection from values', () => {
  it('finds e-mail, name, status, priority and date columns when headers say nothing', () => {
    const headers = ['Col1', 'Col2', 'Col3', 'Col4', 'Col5', 'Col6'];
    const rows = [
      ['Ann Lee', 'ann@x.com', 'In Progress', 'High', '2026-01-05', '17'],
      ['Bob Stone', 'bob@x.com', 'Done', 'Low', '2026-02-01', '18'],
      ['Cy Twombly', 'cy@x.com', 'Pending', 'Medium', '03/04/2026', '19'],
    ];
    expect(detectColumns(headers, rows).mapping).toEqual({ name: 0, email: 1, status: 2, priority: 3, date: 4 });
  });

  it('prefers the column of addresses over a header that only mentions e-mail', () => {
    const headers = ['Email sent?', 'Contact'];
    const rows = [
      ['yes', 'ann@x.com'],
      ['no', 'bob@x.com'],
    ];
    expect(detectColumns(headers, rows).mapping.email).toBe(1);
  });

  it('a "Client" column full of addresses is the e-mail column, not the name', () => {
    const headers = ['Client', 'Status'];
    const rows = [['ann@x.com', 'Done'], ['bob@x.com', 'Pending']];
    expect(detectColumns(headers, rows).mapping).toEqual({ email: 0, status: 1 });
  });

  it('empty sheet', () => {
    expect(detectColumns([]).mapping).toEqual({});
  });
});

describe('confidence, suggestions and warnings (spec 5)', () => {
  it.each([
    [{ email: 0, name: 1, status: 2 }, 100, 'green'],
    [{ email: 0, name: 1 }, 70, 'yellow'],
    [{ email: 0, status: 1 }, 70, 'yellow'],
    [{ name: 0, status: 1 }, 60, 'yellow'],
    [{ email: 0 }, 40, 'red'],
    [{ name: 0 }, 30, 'red'],
    [{}, 0, 'red'],
  ])('%j -> %i %s', (mapping, confidence, band) => {
    expect(mappingConfidence(mapping)).toBe(confidence);
    expect(confidenceBand(confidence)).toBe(band);
  });

  it.each([
    [81, 'green'],
    [80, 'yellow'],
    [60, 'yellow'],
    [59, 'red'],
  ] as const)('band of %i is %s', (c, band) => {
    expect(confidenceBand(c)).toBe(band);
  });

  it('lists detected columns and warns about the missing ones in the spec words', () => {
    expect(describeMapping({ email: 1, name: 0 }, ['Client', 'E-mail'])).toEqual({
      mapping: { email: 1, name: 0 },
      confidence: 70,
      confidenceBand: 'yellow',
      suggestions: ['Email column detected: "E-mail"', 'Name column detected: "Client"'],
      warnings: ['No status column detected', "No priority column detected - clients won't see queue position"],
    });
    expect(detectColumns(['Notes']).warnings).toEqual([
      'No email column detected - required for client portal access',
      'No status column detected',
      'No name column detected',
      "No priority column detected - clients won't see queue position",
    ]);
    expect(describeMapping({ email: 2, status: 0, name: 1, priority: 3 }, ['', 'N', 'E', 'P']).suggestions).toEqual([
      'Email column detected: "E"',
      'Status column detected: "Column A"',
      'Name column detected: "N"',
      'Priority column detected: "P"',
    ]);
  });
});

describe('finalize and stored mapping', () => {
  it.each([
    [{ name: 0, email: 1, status: 2 }, true],
    [{ name: 0, email: 1, status: 2, priority: 3 }, true],
    [{ name: 0, email: 1 }, false],
    [{ email: 1, status: 2 }, false],
    [{ name: 0, status: 2 }, false],
  ])('canFinalizeMapping(%j) = %s', (mapping, ok) => {
    expect(canFinalizeMapping(mapping)).toBe(ok);
    expect(columnMappingSchema.safeParse(mapping).success).toBe(ok);
  });

  it('rejects a column mapped twice', () => {
    const result = columnMappingSchema.safeParse({ name: 0, email: 0, status: 1 });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Column A is already mapped to name']);
  });
});
