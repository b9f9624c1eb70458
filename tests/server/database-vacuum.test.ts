import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VACUUM_JOB } from '../../src/server/jobs/database-maintenance-job';
import { managedPortalWithKey, withKey } from '../support/api-keys';
import { useTestApp } from '../support/test-app';

// The embedded database has no autovacuum: the daily `database.vacuum` job runs VACUUM (ANALYZE) of every table
// (db/vacuum-embedded.ts). PostgreSQL vacuums and analyzes by itself: the job is not registered there.

const t = useTestApp();

/** A managed portal's `bulk(from, n)`: adds clients C-from... through the bulk API (no ANALYZE follows). */
async function managedPortal() {
  const { key, ...o } = await managedPortalWithKey(t.app);
  const bulk = async (from: number, n: number) => {
    const clients = Array.from({ length: n }, (_, i) => ({ clientId: `C-${from + i}`, name: `Client ${from + i}`, email: `c${from + i}@example.com`, status: 'Waiting' }));
    const res = await withKey(t.app, key, 'POST', `/api/v1/portals/${o.portalId}/clients/bulk`, { clients });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { bulk };
}

const estimatedRows = async (table: string) =>
  Number(((await t.app.ctx.db.execute(sql`select reltuples from pg_class where relname = ${table}`)) as unknown as { rows: { reltuples: number }[] }).rows[0]!.reltuples);

describe('the embedded database vacuumed daily', () => {
  it('analyzes every table, so the planner counts the clients written through the API since', { timeout: 60_000 }, async (ctx) => {
    if (t.app.ctx.database.kind !== 'pglite') return ctx.skip();
    const portal = await managedPortal();
    await portal.bulk(0, 10);
    await t.app.ctx.db.execute(sql`analyze clients`);
    await portal.bulk(10, 1000);
    expect(await estimatedRows('clients')).toBe(10);
    await t.app.ctx.jobs.enqueue(t.app.ctx.db, [{ kind: VACUUM_JOB, dedupeKey: 'vacuum-test', runAt: t.clock.now() }]);
    await t.app.ctx.jobs.runDue();
    expect(await estimatedRows('clients')).toBe(1010);
  });

  it('is left to PostgreSQL itself there', async (ctx) => {
    if (t.app.ctx.database.kind === 'pglite') return ctx.skip();
    await t.app.ctx.jobs.enqueue(t.app.ctx.db, [{ kind: VACUUM_JOB, dedupeKey: 'vacuum-test', runAt: t.clock.now() }]);
    await t.app.ctx.jobs.runDue();
    const left = (await t.app.ctx.db.execute(sql`select state from jobs where kind = ${VACUUM_JOB}`)) as unknown as { rows: { state: string }[] };
    expect(left.rows.map((r) => r.state)).toEqual(['queued']);
  });
});
