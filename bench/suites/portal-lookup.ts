// Portal lookups at scale (issue 5): a portal with 100,000 clients, looked up by e-mail with autocannon (50
// connections, 20 s per server in 4 interleaved rounds of 5 s) against the real app listening on a loopback port, beside a baseline measured in the same run
// on the same database: a bare node:http server answering the same lookup with one prepared query. On PostgreSQL
// (a bench database on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/statuslink_bench, skipped
// when unreachable) and on PGlite. Also prints the portal page's JavaScript size (gzip) and, when Chromium is at
// /usr/bin/chromium, Lighthouse's mobile scores for the demo portal.
//
// Each request comes from its own X-Forwarded-For address (TRUST_PROXY on), as real clients do, so the per-address
// limits stay in place; the per-portal limit (600 lookups a minute) is lifted for the run, or the bench would
// measure 429s. Env: BENCH_DATABASES (default postgres,pglite), BENCH_ROUNDS (default 4), BENCH_DURATION (seconds, default 20), BENCH_CONNECTIONS (default 50), BENCH_CLIENTS.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { PORTAL_JS_BUDGET_BYTES, portalPageJs as measurePortalJs } from '../../scripts/portal-js-size.mjs';
import { normalizeEmail } from '../../src/core/validation/email';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { businessProfiles, portals, users } from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/seed-demo';
import { loadEnv } from '../../src/server/env';
import type { Mailer } from '../../src/server/integrations/mail/mailer';
import { portalLimits } from '../../src/server/services/portal-lookup/lookup-limits';
import { runSync } from '../../src/server/services/sheet-sync/run-sync';
import { createClientEventLog } from '../../src/server/services/client-events/client-event-log';
import { systemClock } from '../../src/server/lib/clock';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Rounds per server (BENCH_ROUNDS, default 4): the DURATION is split between them. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4));
const popcount = (n: number) => n.toString(2).split('').filter((b) => b === '1').length;
const WARMUP = 3;
/** Which databases to measure (BENCH_DATABASES=postgres,pglite, the default: both). */
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite')
  .split(',')
  .map((d) => d.trim())
  .filter((d): d is 'postgres' | 'pglite' => d === 'postgres' || d === 'pglite');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/statuslink_bench';
const root = fileURLToPath(new URL('../../', import.meta.url));

interface LoadResult {
  /** CPU time of this (server) process per request, ms: what the machine's other load cannot hide. */
  cpuMs?: number;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
}

// --- Load generator (runs in a child process so it does not share the servers' event loop) ---------------------

async function loadMain(spec: { url: string; emails: string[]; duration: number; connections: number }) {
  const { default: autocannon } = await import('autocannon');
  let n = 0;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          n += 1;
          const email = spec.emails[n % spec.emails.length]!;
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({ query: email }),
          };
        },
      },
    ],
  });
  const out: LoadResult = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

if (process.argv[2] === '--load') {
  await loadMain(JSON.parse(process.argv[3]!) as Parameters<typeof loadMain>[0]);
  process.exit(0);
}

/** Runs the load generator and measures this process's CPU time per request meanwhile (the servers run here). */
async function load(url: string, emails: string[], duration: number): Promise<LoadResult> {
  const before = process.cpuUsage();
  const result = await loadChild(url, emails, duration);
  const used = process.cpuUsage(before);
  return { ...result, cpuMs: (used.user + used.system) / 1000 / Math.max(1, result.total) };
}

/** Rounds as one: requests and CPU summed, req/s and p50 averaged, p99 the worst round's. */
function combine(list: LoadResult[]): LoadResult {
  const total = list.reduce((n, r) => n + r.total, 0);
  return {
    rps: list.reduce((n, r) => n + r.rps, 0) / list.length,
    p50: list.reduce((n, r) => n + r.p50, 0) / list.length,
    p99: Math.max(...list.map((r) => r.p99)),
    total,
    non2xx: list.reduce((n, r) => n + r.non2xx, 0),
    errors: list.reduce((n, r) => n + r.errors, 0),
    cpuMs: list.reduce((n, r) => n + (r.cpuMs ?? 0) * r.total, 0) / Math.max(1, total),
  };
}

function loadChild(url: string, emails: string[], duration: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--load', JSON.stringify({ url, emails, duration, connections: CONNECTIONS })],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line) reject(new Error(`load generator exited with ${code}`));
      else resolve(JSON.parse(line) as LoadResult);
    });
  });
}

// --- Data -----------------------------------------------------------------------------------------------------------

/** A realistic sheet of n clients (template columns; varied statuses, priorities, dates, notes). */
function makeSheet(n: number): { csv: string; emails: string[] } {
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const first = ['Ana', 'Ben', 'Chloe', 'Dmitri', 'Esra', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kemal', 'Lena', 'Mateo', 'Nia', 'Omar', 'Priya'];
  const last = ['Abbott', 'Baker', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Huang', 'Ito', 'Jensen', "O'Brien", 'Patel'];
  const statuses = ['Pending', 'In Progress', 'Review', 'Completed', 'Waiting on client', 'Queue', 'Done', 'Active', 'On hold', 'Cancelled'];
  const priorities = ['1', '2', '3', '4', '5', '6', '8', 'High', 'Medium', 'Low', 'Urgent', ''];
  const notes = ['', 'Documents received', 'Needs signature, then filing', 'Called on Monday; "back next week"', 'Invoice #12, paid'];
  const q = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = ['Client ID,Client Name,Email Address,Status,Priority,Due Date,Notes'];
  const emails: string[] = [];
  for (let i = 1; i <= n; i += 1) {
    const f = pick(first);
    const l = pick(last);
    const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(rand() * 730) * 86_400_000).toISOString().slice(0, 10);
    const email = `${f}.${l}.${i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, '');
    emails.push(email);
    lines.push([`C-${String(i).padStart(6, '0')}`, `${f} ${l}`, email, pick(statuses), pick(priorities), rand() < 0.8 ? day : '', pick(notes)].map(q).join(','));
  }
  return { csv: `${lines.join('\n')}\n`, emails };
}

async function openBenchDatabase(kind: 'postgres' | 'pglite'): Promise<Database | null> {
  if (kind === 'pglite') return openDatabase({ kind: 'pglite' });
  const target = new URL(PG_URL);
  const name = target.pathname.slice(1);
  const adminUrl = new URL(PG_URL);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`  PostgreSQL not reachable at ${adminUrl.host} (${(err as Error).message}): skipped.`);
    return null;
  }
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  return openDatabase({ kind: 'postgres', url: PG_URL, max: 10 });
}

async function seedPortal(database: Database, sheet: string): Promise<string> {
  const env = benchEnv();
  const { db } = database;
  await db.insert(users).values({ id: 'bench-user', name: 'Bench Owner', email: 'bench@statuslink.invalid' });
  await db.insert(businessProfiles).values({ id: 'bench-business', userId: 'bench-user', companyName: 'Bench & Co', ownerName: 'Bench Owner', email: 'bench@statuslink.invalid', plan: 'business', status: 'active', timeZone: 'UTC' });
  await db.insert(portals).values({ id: 'portal_bench0001', businessId: 'bench-business', name: 'Bench' });
  const started = Date.now();
  await runSync(
    { db, database, env, logger: pino({ level: 'silent' }), clientEvents: createClientEventLog(), clock: systemClock },
    { portalId: 'portal_bench0001', businessId: 'bench-business', timeZone: 'UTC', trigger: 'upload', upload: { bytes: new TextEncoder().encode(sheet) } },
  );
  console.log(`  imported ${CLIENTS.toLocaleString('en-US')} clients through the real import path in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 'portal_bench0001';
}

function benchEnv() {
  return loadEnv({
    NODE_ENV: 'production',
    APP_URL: 'http://127.0.0.1',
    BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    TRUST_PROXY: 'true',
    SEED_DEMO: 'false',
  });
}

const nullMailer: Mailer = { transport: 'log', async send() {}, close() {} };

// --- Baseline: a bare node:http server with one prepared query ---------------------------------------------------

const BASELINE_SQL = `select name, email, status, due_date, notes, queue_state, queue_position, estimated_completion
  from clients where portal_id = $1 and email_normalized = $2 and removed_at is null limit 1`;

function baselineServer(database: Database, portalId: string): http.Server {
  const pool = database.kind === 'postgres' ? new pg.Pool({ connectionString: PG_URL, max: 10 }) : null;
  const query = async (email: string) => {
    if (pool) return (await pool.query({ name: 'baseline_lookup', text: BASELINE_SQL, values: [portalId, email] })).rows[0];
    return (await database.pglite!.query(BASELINE_SQL, [portalId, email])).rows[0];
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      let email: string;
      try {
        email = normalizeEmail(String((JSON.parse(body) as { query?: string }).query ?? ''));
      } catch {
        res.writeHead(400).end();
        return;
      }
      query(email).then(
        (row) => {
          const payload = row ? JSON.stringify({ client: row }) : '{"error":{"code":"not_found"}}';
          res.writeHead(row ? 200 : 404, { 'content-type': 'application/json' }).end(payload);
        },
        () => res.writeHead(500).end(),
      );
    });
  });
  server.on('close', () => void pool?.end());
  return server;
}

const listen = (server: http.Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

// --- The portal page's JavaScript ---------------------------------------------------------------------------------

/** The JavaScript portal.html loads (scripts/portal-js-size.mjs). */
export function portalPageJs(dist = path.join(root, 'dist/web')) {
  return measurePortalJs(dist);
}

// --- Lighthouse on the demo portal (mobile settings) --------------------------------------------------------------

async function lighthouseScores(url: string): Promise<{ performance: number; accessibility: number } | null> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) return null;
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance', 'accessibility'], logLevel: 'error', output: 'json' });
    const categories = result?.lhr.categories;
    if (!categories) return null;
    return { performance: Math.round((categories.performance?.score ?? 0) * 100), accessibility: Math.round((categories.accessibility?.score ?? 0) * 100) };
  } finally {
    chrome.kill();
  }
}

// --- The run --------------------------------------------------------------------------------------------------------

interface Row {
  db: string;
  server: string;
  r: LoadResult;
}

async function measure(kind: 'postgres' | 'pglite', emails: string[], sheet: string, rows: Row[]): Promise<void> {
  console.log(`\n${kind}:`);
  const database = await openBenchDatabase(kind);
  if (!database) return;
  try {
    await runMigrations(database);
    const portalId = await seedPortal(database, sheet);
    const sample = emails.filter((_, i) => i % Math.max(1, Math.floor(emails.length / 2000)) === 0).slice(0, 2000);

    const baseline = baselineServer(database, portalId);
    const baseUrl = await listen(baseline);
    const check = await fetch(baseUrl, { method: 'POST', body: JSON.stringify({ query: sample[0] }) });
    if (check.status !== 200) throw new Error(`baseline check failed: ${check.status}`);

    portalLimits.lookupsPerPortalPerMinute = Number.MAX_SAFE_INTEGER;
    const app = await buildApp({ env: benchEnv(), database, mailer: nullMailer, logger: pino({ level: 'silent' }), serveWeb: kind === 'pglite', startJobs: false });
    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${appUrl}/api/public/portals/${portalId}/lookup`;
    const ok = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: sample[0] }) });
    if (ok.status !== 200) throw new Error(`app check failed: ${ok.status} ${await ok.text()}`);

    // Both servers are loaded in turn, in ROUNDS rounds of DURATION / ROUNDS seconds each, in the order
    // baseline-app-app-baseline-app-baseline-baseline-app..., so a machine that gets slower or faster during the run
    // (other tenants of a shared host, caches warming) weighs on both alike.
    await load(baseUrl, sample, WARMUP);
    await load(url, sample, WARMUP);
    const slice = Math.max(1, DURATION / ROUNDS);
    const runs: { base: LoadResult[]; app: LoadResult[] } = { base: [], app: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Thue-Morse order: each server goes first as often as second, and drift cancels to the first order.
      const baseFirst = popcount(round) % 2 === 0;
      for (const which of baseFirst ? ['base', 'app'] : ['app', 'base']) {
        runs[which as 'base' | 'app'].push(await load(which === 'base' ? baseUrl : url, sample, slice));
      }
    }
    for (const [name, list] of [['baseline', runs.base], ['app', runs.app]] as const) {
      console.log(`  ${name} rounds: ${list.map((r) => `${r.rps.toFixed(0)} req/s`).join(', ')}`);
    }
    rows.push({ db: kind, server: 'baseline (node:http + 1 prepared query)', r: combine(runs.base) });
    rows.push({ db: kind, server: 'StatusLink app (Fastify, full lookup)', r: combine(runs.app) });
    await new Promise((r) => baseline.close(r));

    if (kind === 'pglite') {
      await seedDemo({ database, env: benchEnv(), logger: pino({ level: 'silent' }) });
      const scores = await lighthouseScores(`${appUrl}/portal/demo`).catch((err: unknown) => {
        console.log(`  Lighthouse did not run: ${(err as Error).message}`);
        return null;
      });
      if (scores) console.log(`  Lighthouse (mobile) on /portal/demo: performance ${scores.performance}, accessibility ${scores.accessibility}`);
      else if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) console.log('  Lighthouse: skipped (no Chromium; install Debian\'s chromium package)');
    }
    await app.close();
  } finally {
    await database.close();
  }
}

export async function run(): Promise<void> {
  const js = portalPageJs();
  console.log(
    js
      ? `portal page JavaScript: ${js.files} files, ${(js.raw / 1000).toFixed(1)} kB, ${(js.gzip / 1000).toFixed(1)} kB gzip (${(js.gzip / 1024).toFixed(1)} KiB; limit ${PORTAL_JS_BUDGET_BYTES / 1000} KB)`
      : 'portal page JavaScript: no build (run npm run build first)',
  );
  console.log(`generating ${CLIENTS.toLocaleString('en-US')} clients; ${CONNECTIONS} connections for ${DURATION} s per server`);
  const { csv, emails } = makeSheet(CLIENTS);
  const rows: Row[] = [];
  for (const kind of DATABASES) await measure(kind, emails, csv, rows);

  console.log('');
  const header = ['database', 'server', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'requests', 'non-2xx', 'errors', 'of baseline'];
  const table = rows.map((row) => {
    const base = rows.find((b) => b.db === row.db && b.server.startsWith('baseline'));
    return [
      row.db,
      row.server,
      row.r.rps.toFixed(0),
      row.r.p50.toFixed(1),
      row.r.p99.toFixed(1),
      (row.r.cpuMs ?? 0).toFixed(3),
      String(row.r.total),
      String(row.r.non2xx),
      String(row.r.errors),
      base && base !== row ? `${((row.r.rps / base.r.rps) * 100).toFixed(0)}%` : '',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
  for (const line of [header, ...table]) console.log(line.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  console.log('targets (PostgreSQL): app >= 60% of the baseline throughput, p99 < 50 ms');
}
