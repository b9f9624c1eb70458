import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../src/core/sheet-template';
import { businessWithPortal, liftBusinessApiLimits, postCsv, request } from '../support/sheets';
import { createTestApp, type TestApp } from '../support/test-app';

// The COPY write path (decision 0005) keeps every value exactly: backslashes, tabs, line breaks, a literal \N,
// quotes and non-Latin text, on inserts, updates (staging table) and status history. Each path runs on an app started
// with it chosen (SYNC_COPY=1 forces COPY on PGlite, where it is not the default); the statements path must give the
// same data.
vi.setConfig({ testTimeout: 60_000 });

const apps: Record<'0' | '1', TestApp> = {} as Record<'0' | '1', TestApp>;
beforeAll(async () => {
  for (const mode of ['0', '1'] as const) {
    apps[mode] = await createTestApp({ SYNC_COPY: mode });
    await liftBusinessApiLimits(apps[mode].app);
  }
});
afterAll(async () => {
  for (const t of Object.values(apps)) await t.close();
});

const tricky = [
  ['Client ID', 'Client Name', 'Email Address', 'Status', 'Notes'],
  ['K-1', 'Back\\slash \\N', 'k1@example.com', 'Pending', 'tab\there'],
  ['K-2', 'Zoë "Q" Ōkubo', 'k2@example.com', 'In Progress', 'line one\nline two\r\nline three'],
  ['K-3', '\\N', 'k3@example.com', 'Review', '\\t is not a tab; C:\\path\\new'],
];

async function importAndRead(mode: '0' | '1') {
  const t = apps[mode];
  expect(t.app.ctx.syncCapabilities.copy).toBe(mode === '1');
  const o = await businessWithPortal(t.app);
  const first = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, toCsv(tricky));
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json()).toMatchObject({ imported: 3 });
  // Change every client (new status and notes) so the update path and status history run too.
  const changed = tricky.map((r, i) => (i === 0 ? r : [r[0]!, `${r[1]}\\`, r[2]!, `${r[3]}\t2`, `${r[4]}\\N`]));
  const second = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, toCsv(changed));
  expect(second.json()).toMatchObject({ updated: 3, imported: 0 });
  const list = (await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/clients?pageSize=10`, o.cookie)).json();
  const details = [];
  for (const c of list.clients as { clientId: string }[]) {
    details.push((await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/clients/${c.clientId}`, o.cookie)).json());
  }
  return { changed, details };
}

describe('the COPY write path', () => {
  it('stores every value exactly, on inserts, updates and status history, like the statements path', async () => {
    const copied = await importAndRead('1');
    const plain = await importAndRead('0');
    for (const { changed, details } of [copied, plain]) {
      expect(details.map((d) => d.name)).toEqual(changed.slice(1).map((r) => r[1]!.trim()));
      expect(details.map((d) => d.notes)).toEqual(changed.slice(1).map((r) => r[4]!.replace(/\r\n?/g, '\n').trim()));
      expect(details.map((d) => d.status)).toEqual(changed.slice(1).map((r) => r[3]!.trim()));
      expect(details[0].raw['Notes']).toBe('tab\there\\N');
      expect(details.map((d) => d.history.at(-1)?.newStatus)).toEqual(changed.slice(1).map((r) => r[3]!.trim()));
    }
    const strip = (ds: Record<string, unknown>[]) => ds.map(({ createdAt: _c, updatedAt: _u, history, ...rest }) => ({ ...rest, history: (history as { newStatus: string }[]).map((h) => h.newStatus) }));
    expect(strip(copied.details)).toEqual(strip(plain.details));
  });
});
