import pino from 'pino';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE } from '@core/api/system';
import { messages } from '@core/messages';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { captureMailer, startTestApp, useTestApp } from '../support/test-app';
import { testDbKind } from '../support/test-database';
import { lookup, portalWithClients, NOT_FOUND } from './portal-helpers';

const TOKEN = 'metrics-token-0123456789';

describe('liveness and readiness', () => {
  const t = useTestApp();

  it('live answers without asking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready says ready with the database reachable and every migration applied; the old /api/health still works', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'ok', draining: false });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok', database: 'ok', databaseKind: testDbKind });
  });

  it('a hold (recovery in the background) makes it not ready with its reason until released', async () => {
    const release = t.app.ctx.readiness.hold('Finishing an interrupted import');
    const held = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(held.statusCode).toBe(503);
    expect(held.json()).toMatchObject({ status: 'not_ready', database: 'ok', reason: 'Finishing an interrupted import' });
    release();
    release();
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('a database without the newest migration is not ready', async () => {
    const { db } = t.app.ctx;
    const result = await db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    const [latest] = (result as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${latest!.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', database: 'ok', migrations: 'pending', reason: messages.system.migrationsPending });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest!.id}, ${latest!.hash}, ${latest!.created_at})`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('draining (SIGTERM) answers not ready while requests are still served, each closing its connection', async () => {
    t.app.ctx.readiness.startDraining();
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', draining: true, reason: messages.system.draining });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe('close');
  });
});

describe('a database that cannot be reached', () => {
  it('answers 503 database_unavailable with Retry-After, and ready says why', async () => {
    // A PostgreSQL address where nothing listens: every query is refused, whichever database the suite runs on.
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/nothing', max: 1 });
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123', SEED_DEMO: 'false' });
    const app = await buildApp({ env, database, mailer: captureMailer(), logger: pino({ level: 'silent' }), serveWeb: false });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/public/portals/p_0123456789abcdef' });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 503, body: { error: { code: DATABASE_UNAVAILABLE, message: messages.system.databaseUnavailable } } });
      expect(res.headers['retry-after']).toBe('5');
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not_ready', database: 'error', reason: messages.system.databaseUnreachable });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('/metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const t = await startTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No such endpoint: GET /metrics' } });
  });

  describe('with METRICS_TOKEN', () => {
    const t = useTestApp({ METRICS_TOKEN: TOKEN });
    const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

    it('refuses a missing or wrong token with 401', async () => {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(401);
        expect(res.headers['www-authenticate']).toContain('Bearer');
        expect(res.json()).toEqual({ error: { code: 'unauthorized', message: messages.system.metricsToken } });
      }
    });

    it('counts requests by route pattern and status, with their durations, and Node figures', async () => {
      await t.app.inject({ method: 'GET', url: '/api/health/live' });
      await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
      const res = await scrape();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toMatch(/statuslink_http_requests_total\{method="GET",route="\/api\/health\/live",status="200"\} [1-9]/);
      expect(res.body).toMatch(/statuslink_http_requests_total\{method="GET",route="unmatched",status="404"\} [1-9]/);
      expect(res.body).toMatch(/statuslink_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health\/live"\} [1-9]/);
      expect(res.body).toContain('nodejs_eventloop_lag_p99_seconds');
      expect(res.body).toContain('process_resident_memory_bytes');
    });

    it('counts portal lookups by kind and result, and syncs by trigger and outcome with their durations', async () => {
      const owner = await portalWithClients(t.app);
      expect((await lookup(t.app, owner.portalId, { query: 'maria.gonzalez@example.com' })).statusCode).toBe(200);
      const miss = await lookup(t.app, owner.portalId, { query: 'nobody@example.com' });
      expect(miss.json()).toEqual(NOT_FOUND);
      await lookup(t.app, owner.portalId, { token: 'not-a-real-token-not-a-real-token' });
      const body = (await scrape()).body;
      expect(body).toMatch(/statuslink_portal_lookups_total\{kind="search",result="found"\} 1\n/);
      expect(body).toMatch(/statuslink_portal_lookups_total\{kind="search",result="not_found"\} 1\n/);
      expect(body).toMatch(/statuslink_portal_lookups_total\{kind="token",result="not_found"\} 1\n/);
      expect(body).toMatch(/statuslink_syncs_total\{trigger="upload",outcome="ok"\} 1\n/);
      expect(body).toMatch(/statuslink_sync_duration_seconds_count\{trigger="upload",outcome="ok"\} 1\n/);
    });

    it('shows the job queue: jobs by kind and state, the due ones and how long the oldest has waited', async () => {
      const { jobs } = t.app.ctx;
      const later = new Date(t.clock.nowMs() + 60 * 60_000);
      await jobs.enqueue(t.app.ctx.db, [{ kind: 'test.metrics' }, { kind: 'test.metrics' }, { kind: 'test.metrics', runAt: later }]);
      t.clock.advance(45_000);
      const body = (await scrape()).body;
      expect(body).toContain('statuslink_job_queue_jobs{kind="test.metrics",state="queued"} 3');
      expect(body).toContain('statuslink_job_queue_due_jobs{kind="test.metrics"} 2');
      expect(body).toContain('statuslink_job_queue_oldest_due_seconds{kind="test.metrics"} 45');
      expect(body).toContain('# TYPE statuslink_job_channel_paused gauge');
      expect(body).not.toMatch(/statuslink_job_channel_paused\{/);
    });

    it("shows the managed writes' remembered queue inputs: reads by result and the rows held", async () => {
      const figure = (body: string, series: string) => Number(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\d+)$`, 'm').exec(body)?.[1]);
      const hits = 'statuslink_queue_inputs_cache_reads{result="hit"}';
      const misses = 'statuslink_queue_inputs_cache_reads{result="miss"}';
      const rows = 'statuslink_queue_inputs_cache_rows';
      const { queueInputs, db } = t.app.ctx;
      const before = (await scrape()).body;
      for (const series of [hits, misses, rows]) expect(figure(before, series), series).toBeGreaterThanOrEqual(0);
      const row = { clientId: 'A', row: 2, status: 'Waiting', priority: '', dueDate: null, manualPosition: null, queueState: 'queued' as const, queuePosition: 1, estimatedWorkingDays: 5, estimatedCompletion: '2026-12-04' };
      queueInputs.remember('portal_metrics', { token: 't', generation: 1 }, [row]);
      expect(figure((await scrape()).body, rows)).toBe(figure(before, rows) + 1);
      // Another holder came between (generation 3, not 2): read from the database, and the entry is gone.
      await queueInputs.read(db, 'portal_metrics', { token: 'u', generation: 3 });
      queueInputs.remember('portal_metrics', { token: 'u', generation: 3 }, []);
      await queueInputs.read(db, 'portal_metrics', { token: 'v', generation: 4 });
      const after = (await scrape()).body;
      expect(figure(after, misses)).toBe(figure(before, misses) + 1);
      expect(figure(after, hits)).toBe(figure(before, hits) + 1);
      expect(figure(after, rows)).toBe(figure(before, rows));
    });

    it('shows the PostgreSQL pool, and gauges other parts add (a failing one reads unknown, the rest still answer)', async () => {
      const { metrics } = t.app.ctx;
      metrics.addGauge({
        name: 'statuslink_test_depth',
        help: 'A depth kept elsewhere.',
        labelNames: ['queue'],
        read: async () => [
          { labels: { queue: 'a' }, value: 3 },
          { labels: { queue: 'b' }, value: 0 },
        ],
      });
      metrics.addGauge({ name: 'statuslink_test_broken', help: 'Fails to read.', read: () => Promise.reject(new Error('down')) });
      expect(() => metrics.addGauge({ name: 'statuslink_test_depth', help: 'twice', read: () => 1 })).toThrow();
      const res = await scrape();
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('statuslink_test_depth{queue="a"} 3');
      expect(res.body).toContain('statuslink_test_depth{queue="b"} 0');
      expect(res.body).toMatch(/^statuslink_test_broken nan$/im);
      if (testDbKind === 'postgres') {
        expect(res.body).toMatch(/statuslink_db_pool_connections\{state="max"\} 5/);
        expect(res.body).toMatch(/statuslink_db_pool_connections\{state="waiting"\} 0/);
      } else {
        expect(res.body).not.toContain('statuslink_db_pool_connections');
      }
    });
  });
});
