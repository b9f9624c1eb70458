import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { summarizeStatuses } from '@core/status';
import { businessWithPortal, fixtureSheet, liftBusinessApiLimits, postCsv, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';
import { lookup, portalWithClients } from './portal-helpers';

// The business app's analytics (issue 6, item 5): figures of a period of 7, 30 or 90 days, computed from the
// clients, their status history and the portal's lookups; scoped to the session's business.

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

const sheet = fixtureSheet('tax-preparer.csv');
const sheetRows = sheet.trim().split('\n').slice(1).map((line) => line.split(','));
const expected = summarizeStatuses(sheetRows.map((r) => r[3]));

const analytics = (portalId: string, cookie: string, query = '') => request(t.app, 'GET', `/api/v1/portals/${portalId}/analytics${query}`, cookie);

describe('portal analytics', () => {
  it('matches the sheet right after an import, for every period', async () => {
    const owner = await portalWithClients(t.app);
    for (const days of [7, 30, 90]) {
      const res = await analytics(owner.portalId, owner.cookie, `?days=${days}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        days,
        timeZone: 'America/New_York',
        sourceType: 'csv_upload',
        totalClients: sheetRows.length,
        completed: expected.completed,
        completionRate: Math.round((expected.completed / sheetRows.length) * 100),
        inProgress: expected.inProgress,
        pending: expected.pending,
        cancelled: expected.cancelled,
        newClients: sheetRows.length,
        // Nothing completed while we watched: imported as completed, so no measured time.
        avgDaysToComplete: null,
        completionsMeasured: 0,
        lookups: { total: 0, misses: 0 },
      });
      expect(body.lookups.days).toHaveLength(days);
      expect(body.lookups.days.at(-1).day).toBe(body.to);
      expect(body.lookups.days[0].day).toBe(body.from);
      expect(Object.fromEntries(body.statusBreakdown.map((s: { status: string; count: number }) => [s.status, s.count]))).toEqual(expected.breakdown);
      const pending = body.statusBreakdown.find((s: { status: string }) => s.status === 'pending');
      expect(pending.percent).toBe(Math.round((3 / sheetRows.length) * 100));
    }
  });

  it('defaults to 30 days', async () => {
    const owner = await portalWithClients(t.app);
    const res = await analytics(owner.portalId, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().days).toBe(30);
    expect(res.json().lookups.days).toHaveLength(30);
  });

  it('filters by period: completions in the period, first seen in the period, and the time to complete', async () => {
    const owner = await portalWithClients(t.app);
    // Maria (In Progress) is marked done in the sheet: a recorded change, now.
    const done = sheet.replace('T-1001,Maria Gonzalez,maria.gonzalez@example.com,In Progress', 'T-1001,Maria Gonzalez,maria.gonzalez@example.com,Done');
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, done)).statusCode).toBe(200);
    // Everyone was first seen 60 days ago; Maria 10 days ago. The two imported as completed count as completed
    // when first seen (60 days ago).
    await t.app.ctx.db.execute(sql`update clients set created_at = now() - interval '60 days' where portal_id = ${owner.portalId}`);
    await t.app.ctx.db.execute(sql`update clients set created_at = now() - interval '10 days' where portal_id = ${owner.portalId} and client_id = 'T-1001'`);

    const week = (await analytics(owner.portalId, owner.cookie, '?days=7')).json();
    expect(week).toMatchObject({ totalClients: 10, completed: 1, completionRate: 10, inProgress: 2, newClients: 0, completionsMeasured: 1 });
    expect(week.avgDaysToComplete).toBeCloseTo(10, 1);
    expect(week.statusBreakdown.find((s: { status: string }) => s.status === 'completed')).toBeUndefined();
    expect(week.statusBreakdown.find((s: { status: string }) => s.status === 'done')).toMatchObject({ count: 1, percent: 10 });

    const month = (await analytics(owner.portalId, owner.cookie, '?days=30')).json();
    expect(month).toMatchObject({ totalClients: 10, completed: 1, newClients: 1 });

    const quarter = (await analytics(owner.portalId, owner.cookie, '?days=90')).json();
    expect(quarter).toMatchObject({ totalClients: 12, completed: 3, completionRate: 25, newClients: 12, completionsMeasured: 1 });
    expect(quarter.avgDaysToComplete).toBeCloseTo(10, 1);

    // A completion recorded 40 days ago leaves the 30-day period but stays in the 90-day one.
    await t.app.ctx.db.execute(sql`update clients set created_at = now() - interval '45 days' where portal_id = ${owner.portalId} and client_id = 'T-1001'`);
    await t.app.ctx.db.execute(sql`update client_status_history set changed_at = now() - interval '40 days' where portal_id = ${owner.portalId} and client_id = 'T-1001'`);
    expect((await analytics(owner.portalId, owner.cookie, '?days=30')).json()).toMatchObject({ totalClients: 9, completed: 0, completionRate: 0, avgDaysToComplete: null });
    const later = (await analytics(owner.portalId, owner.cookie, '?days=90')).json();
    expect(later).toMatchObject({ totalClients: 12, completed: 3, completionsMeasured: 1 });
    expect(later.avgDaysToComplete).toBeCloseTo(5, 1);
  });

  it('leaves out clients no longer in the sheet', async () => {
    const owner = await portalWithClients(t.app);
    const fewer = sheet.split('\n').filter((l) => !l.startsWith('T-1012')).join('\n');
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, fewer)).statusCode).toBe(200);
    expect((await analytics(owner.portalId, owner.cookie, '?days=7')).json()).toMatchObject({ totalClients: sheetRows.length - 1, cancelled: 0 });
  });

  it('charts the portal’s lookups per day of the period', async () => {
    const owner = await portalWithClients(t.app);
    expect((await lookup(t.app, owner.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(200);
    expect((await lookup(t.app, owner.portalId, { query: 'Sofia Rossi' })).statusCode).toBe(200);
    expect((await lookup(t.app, owner.portalId, { query: 'nobody@example.com' })).statusCode).toBe(404);
    const week = (await analytics(owner.portalId, owner.cookie, '?days=7')).json();
    expect(week.lookups).toMatchObject({ total: 3, misses: 1 });
    expect(week.lookups.days.at(-1)).toEqual({ day: week.to, lookups: 3, misses: 1 });

    // An older day: in the 30-day chart, not the 7-day one.
    const business = (await t.app.ctx.db.execute(sql`select business_id from portals where id = ${owner.portalId}`)) as unknown as { rows: { business_id: string }[] };
    await t.app.ctx.db.execute(sql`
      insert into portal_lookup_daily (business_id, portal_id, day, lookups, misses)
      values (${business.rows[0]!.business_id}, ${owner.portalId}, (${week.to}::date - 20), 5, 2)`);
    expect((await analytics(owner.portalId, owner.cookie, '?days=7')).json().lookups.total).toBe(3);
    const month = (await analytics(owner.portalId, owner.cookie, '?days=30')).json();
    expect(month.lookups).toMatchObject({ total: 8, misses: 3 });
    expect(month.lookups.days.filter((d: { lookups: number }) => d.lookups > 0)).toHaveLength(2);
  });

  it('shows zeros and not enough data for a portal without clients', async () => {
    const owner = await businessWithPortal(t.app);
    const res = await analytics(owner.portalId, owner.cookie, '?days=7');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sourceType: 'none', totalClients: 0, completionRate: 0, avgDaysToComplete: null, statusBreakdown: [], lastUpdated: null });
  });
});

describe('portal analytics access', () => {
  it('answers 404 for another business’s portal and an unknown one', async () => {
    const owner = await portalWithClients(t.app);
    const other = await businessWithPortal(t.app);
    const res = await analytics(owner.portalId, other.cookie, '?days=7');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(res.body).not.toContain('Maria');
    expect((await analytics('portal_zzzzzzzzz', owner.cookie)).statusCode).toBe(404);
  });

  it('refuses other periods and anonymous callers', async () => {
    const owner = await portalWithClients(t.app);
    for (const q of ['?days=14', '?days=abc', '?days=0', '?days=']) {
      const res = await analytics(owner.portalId, owner.cookie, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/v1/portals/${owner.portalId}/analytics?days=7` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is documented in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/v1/portals/{portalId}/analytics'].get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['portalId', 'days']));
    expect(op.responses['200']).toBeDefined();
  });
});
