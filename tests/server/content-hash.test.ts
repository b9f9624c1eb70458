import { describe, expect, it } from 'vitest';
import { detectColumns } from '../../src/core/columns';
import { createEstimateContext } from '../../src/core/estimate';
import { importSheetRows, type ImportedClient } from '../../src/core/sheet-values';
import { defaultWorkloadSettings } from '../../src/core/workload-settings';
import { parseSheetCsv } from '../../src/server/services/sheet-sync/parse-csv';
import { columnOrderHash, contentHash, holdsSame, planImport, RESTORED_MARK } from '../../src/server/services/sheet-sync/plan-import';
import { fixtureSheet } from '../support/sheets';

const client = (raw: Record<string, string>): ImportedClient => ({
  row: 2,
  sourceId: 'T-1',
  name: 'Ana Ruiz',
  email: 'ana@example.com',
  status: 'In Progress',
  priority: 'High',
  dueDate: '2026-12-01',
  dateText: '12/1/2026',
  notes: 'Waiting on W-2',
  raw,
});

describe('the content hash that tells an unchanged client', () => {
  const inSheetOrder = client({ ID: 'T-1', Name: 'Ana Ruiz', Email: 'ana@example.com', Status: 'In Progress' });
  const columnsMoved = client({ Status: 'In Progress', Email: 'ana@example.com', Name: 'Ana Ruiz', ID: 'T-1' });

  it('does not depend on the order of the columns, and does on every cell', () => {
    expect(contentHash(columnsMoved)).toBe(contentHash(inSheetOrder));
    expect(contentHash(client({ ...inSheetOrder.raw, Phone: '555' }))).not.toBe(contentHash(inSheetOrder));
    expect(contentHash({ ...inSheetOrder, status: 'Completed' })).not.toBe(contentHash(inSheetOrder));
    expect(holdsSame(contentHash(inSheetOrder), contentHash(columnsMoved), columnsMoved)).toBe(true);
  });

  it('still recognises a hash stored before the change while the columns keep their order', () => {
    const stored = columnOrderHash(inSheetOrder);
    expect(stored).not.toBe(contentHash(inSheetOrder));
    expect(holdsSame(stored, contentHash(inSheetOrder), inSheetOrder)).toBe(true);
    // Old hashes depended on the order: a move is reported once as an update, which stores the new kind.
    expect(holdsSame(stored, contentHash(columnsMoved), columnsMoved)).toBe(false);
    const changed = { ...inSheetOrder, status: 'Completed' };
    expect(holdsSame(stored, contentHash(changed), changed)).toBe(false);
  });
});

describe('an import planned over clients whose hashes were stored before the change', () => {
  const csv = fixtureSheet('tax-preparer.csv');
  const estimate = createEstimateContext(defaultWorkloadSettings, 'UTC', Date.now());

  async function planOver(stored: (c: ImportedClient) => string, removed = false) {
    const sheet = await parseSheetCsv(csv);
    const mapping = detectColumns(sheet.headers, sheet.rows.slice(0, 50), { dateOrder: 'mdy' }).mapping;
    const first = await planImport({ sheet, mapping, dateOrder: 'mdy', existing: new Map(), estimate });
    const { clients } = importSheetRows({ headers: sheet.headers, rows: sheet.rows, mapping });
    const existing = new Map(
      first.inserts.map((w, i) => [
        w.client_id,
        {
          clientId: w.client_id,
          sourceId: w.source_id,
          emailNormalized: w.email_normalized,
          row: w.row,
          status: w.status,
          priority: w.priority,
          dueDate: w.due_date,
          contentHash: stored(clients[i]!),
          removed,
          manualPosition: null,
          queueState: w.queue_state,
          queuePosition: w.queue_position,
          estimatedWorkingDays: w.estimated_working_days,
          estimatedCompletion: w.estimated_completion,
        },
      ]),
    );
    return planImport({ sheet, mapping, dateOrder: 'mdy', existing, estimate });
  }

  it('finds every client unchanged, writing nothing', async () => {
    const plan = await planOver(columnOrderHash);
    expect(plan.counts).toMatchObject({ imported: 0, updated: 0, unchanged: 12, removed: 0 });
    expect(plan.updates).toHaveLength(0);
  });

  it('finds a restored client back as it was unchanged, only its restore mark cleared', async () => {
    const plan = await planOver((c) => (c.sourceId === 'T-1001' ? `${RESTORED_MARK}${columnOrderHash(c)}` : columnOrderHash(c)));
    expect(plan.counts).toMatchObject({ updated: 0, unchanged: 12 });
    expect(plan.updates.map((u) => u.client_id)).toEqual(['T-1001']);
    expect(plan.updates[0]!.content_hash.startsWith(RESTORED_MARK)).toBe(false);
  });
});
