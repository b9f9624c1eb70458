import fs from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { businessWithPortal, liftBusinessApiLimits, postCsv, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// Many requests per test; the default 20 s is tight on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

// The importer (upload -> parse -> spec 5 rules -> database -> client list) against the csv-spectrum-style cases
// in tests/fixtures/csv-spectrum.

let owner: Awaited<ReturnType<typeof businessWithPortal>>;
const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
  owner = await businessWithPortal(t.app);
});

const dir = new URL('../fixtures/csv-spectrum/', import.meta.url);
const cases = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.csv') && f !== 'duplicate_headers.csv')
  .map((f) => f.replace(/\.csv$/, ''));

describe('importing csv-spectrum cases', () => {
  it.each(cases)('%s', async (name) => {
    const csv = fs.readFileSync(new URL(`${name}.csv`, dir));
    const expected = JSON.parse(fs.readFileSync(new URL(`${name}.json`, dir), 'utf8')) as { rows: string[][] };
    const mapping = encodeURIComponent(JSON.stringify({ name: 0, email: 1, status: 2, notes: 3 }));
    const res = await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import?columnMapping=${mapping}&confirmDrop=true`, owner.cookie, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', rowsRead: expected.rows.length, skipped: 0 });
    const list = (await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/clients?pageSize=200`, owner.cookie)).json();
    expect(list.clients.map((c: { name: string; email: string; status: string; notes: string }) => [c.name, c.email, c.status, c.notes])).toEqual(
      expected.rows.map((r) => [r[0]?.trim() || 'Unknown', r[1]!.trim(), r[2]?.trim() || 'Unknown', r[3]?.trim() ?? '']),
    );
  });

  it('reports duplicate and blank headers, and keeps every cell in the raw row', async () => {
    const csv = fs.readFileSync(new URL('duplicate_headers.csv', dir));
    const mapping = encodeURIComponent(JSON.stringify({ name: 0, email: 1, status: 2, notes: 5 }));
    const res = await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import?columnMapping=${mapping}&confirmDrop=true`, owner.cookie, csv);
    expect(res.json().warnings).toEqual(['Column E has no header', 'The header "Name" appears more than once (columns A, D)']);
    const analysis = await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import/analyze`, owner.cookie, csv);
    expect(analysis.json().sheetWarnings).toEqual(res.json().warnings);
  });

  it('numbers rows as the sheet does (blank rows count, line breaks inside a cell do not)', async () => {
    const csv = fs.readFileSync(new URL('blank_lines.csv', dir));
    const res = await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import?confirmDrop=true`, owner.cookie, csv);
    expect(res.statusCode).toBe(200);
    const list = (await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/clients`, owner.cookie)).json();
    expect(list.clients.map((c: { displayId: string; row: number }) => [c.displayId, c.row])).toEqual([
      ['client_3', 3],
      ['client_5', 5],
    ]);
  });
});
