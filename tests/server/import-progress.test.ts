import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSheet } from '../support/make-sheet';
import { businessWithPortal, liftBusinessApiLimits, postCsv, request } from '../support/sheets';
import { testDbKind } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';

// Issue 4 item 9: a large import shows its progress (GET .../syncs while it runs) and other requests keep being
// answered. On PostgreSQL nothing waits for the import; on the embedded database (one connection) requests wait
// only while the final transaction writes (decision 0005), so there only the progress before it is checked.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await liftBusinessApiLimits(t.app);
});
afterAll(async () => {
  await t.close();
});

interface Snapshot {
  status: string;
  phase: string;
  rowsProcessed: number;
  rowsTotal: number;
}

describe('a large import', () => {
  it('reports progress while it runs, and other requests are answered', { timeout: 180_000 }, async () => {
    const o = await businessWithPortal(t.app);
    const rows = 30_000;
    let done = false;
    const importStarted = Date.now();
    let importMs = 0;
    const importing = postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, makeSheet(rows)).finally(() => {
      done = true;
      importMs = Date.now() - importStarted;
    });
    const snapshots: Snapshot[] = [];
    const latencies: number[] = [];
    let answeredWhileWriting = 0;
    while (!done) {
      const started = Date.now();
      const res = await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/syncs`, o.cookie);
      latencies.push(Date.now() - started);
      const running = (res.json().syncs as Snapshot[]).find((s) => s.status === 'running');
      if (running) snapshots.push(running);
      if (running?.phase === 'writing' && !done) answeredWhileWriting += 1;
      // Poll often: on a fast machine each checking step (5,000 rows) lasts only tens of milliseconds.
      await new Promise((r) => setTimeout(r, 5));
    }
    const res = await importing;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ imported: rows, rowsProcessed: rows, rowsTotal: rows, phase: 'done' });

    expect(snapshots.length).toBeGreaterThan(0);
    const midway = snapshots.filter((s) => s.rowsTotal > 0 && s.rowsProcessed > 0 && s.rowsProcessed < s.rowsTotal);
    expect(midway.length).toBeGreaterThan(0);
    if (testDbKind === 'postgres') {
      // Requests were answered while the import's transaction was writing, and none waited for the whole import.
      expect(answeredWhileWriting).toBeGreaterThan(0);
      expect(snapshots.some((s) => s.phase === 'writing' && s.rowsProcessed > 0 && s.rowsProcessed < rows)).toBe(true);
      expect(Math.max(...latencies)).toBeLessThan(importMs / 2);
    }
    const runs = (await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/syncs`, o.cookie)).json().syncs;
    expect(runs[0]).toMatchObject({ status: 'ok', imported: rows });
    if (testDbKind === 'postgres') {
      // A sync this large refreshes the planner's statistics of clients (the next sync's read was twice as slow
      // without them): the table's row estimate already counts the new rows.
      const stats = (await t.app.ctx.db.execute(sql`select reltuples::int as n from pg_class where relname = 'clients'`)) as unknown as { rows: { n: number }[] };
      const estimate = Number(stats.rows[0]!.n);
      expect(estimate).toBeGreaterThanOrEqual(rows);
    }
  });
});
