import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../src/core/sheet-template';
import { portals } from '../../src/server/db/schema';
import { runSync } from '../../src/server/services/sheet-sync/run-sync';
import { syncCapabilities } from '../../src/server/services/sheet-sync/sync-capabilities';
import { businessWithPortal, liftBusinessApiLimits, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// The COPY write path (decision 0022) keeps every value exactly: backslashes, tabs, line breaks, a literal \N,
// quotes and non-Latin text, on inserts, updates (staging table) and status history. Each path is chosen for its
// runs through the sync's deps (their capabilities: COPY is not the default on PGlite); the statements path must give
// the same data. SYNC_COPY makes that choice for the app, once at start (the last test).
vi.setConfig({ testTimeout: 60_000 });

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

const tricky = [
  ['Client ID', 'Client Name', 'Email Address', 'Status', 'Notes'],
  ['K-1', 'Back\\slash \\N', 'k1@example.com', 'Pending', 'tab\there'],
  ['K-2', 'Zoë "Q" Ōkubo', 'k2@example.com', 'In Progress', 'line one\nline two\r\nline three'],
  ['K-3', '\\N', 'k3@example.com', 'Review', '\\t is not a tab; C:\\path\\new'],
];

/** Imports `csv` into the portal with the COPY path (`1`) or plain statements (`0`); the run as recorded. */
async function importWith(mode: '0' | '1', portalId: string, csv: string) {
  const [portal] = await t.app.ctx.db.select().from(portals).where(eq(portals.id, portalId));
  const deps = { ...t.app.ctx, syncCapabilities: { ...t.app.ctx.syncCapabilities, copy: mode === '1' } };
  return (await runSync(deps, { portalId, businessId: portal!.businessId, timeZone: 'UTC', trigger: 'upload', upload: { bytes: Buffer.from(csv) } })).run;
}

async function importAndRead(mode: '0' | '1') {
  const o = await businessWithPortal(t.app);
  expect(await importWith(mode, o.portalId, toCsv(tricky))).toMatchObject({ imported: 3 });
  // Change every client (new status and notes) so the update path and status history run too.
  const changed = tricky.map((r, i) => (i === 0 ? r : [r[0]!, `${r[1]}\\`, r[2]!, `${r[3]}\t2`, `${r[4]}\\N`]));
  expect(await importWith(mode, o.portalId, toCsv(changed))).toMatchObject({ updated: 3, imported: 0 });
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

  it('SYNC_COPY chooses once, at start: auto streams with COPY on PostgreSQL only; 1 and 0 force either path', () => {
    for (const kind of ['pglite', 'postgres'] as const) {
      expect(syncCapabilities({ kind }, { SYNC_COPY: 'auto' })).toEqual({ oneTransactionAtATime: kind === 'pglite', copy: kind === 'postgres' });
      expect(syncCapabilities({ kind }, { SYNC_COPY: '1' }).copy).toBe(true);
      expect(syncCapabilities({ kind }, { SYNC_COPY: '0' }).copy).toBe(false);
    }
  });
});
