// Start-up and idle memory (issue 24 item 6, decision 15): how long a warm start takes to answer
// /api/health/ready, and the server's resident memory after it has idled, on the embedded database and on
// PostgreSQL, beside a baseline measured in the same run: `node -e` starting an empty node:http server.
//
// Rows: the built server as `npm start` runs it (node dist/server/main.js), `npm start` itself (npm, the
// build-if-needed check, then the server), and the server run from source through tsx as it was before (for
// comparison). "Warm" = the database exists and is migrated, the build is fresh, and the OS file cache is warm (one
// unmeasured start first). Targets (quiet machine): ready within 3 s warm; idle under 150 MB on PostgreSQL.
//
// Env: BENCH_STARTS (measured starts per row, default 3), BENCH_IDLE_SECONDS (idle time before memory is read,
// default 20), BENCH_DATABASES (default pglite,postgres), BENCH_DATABASE_URL (PostgreSQL, default
// postgres://postgres@127.0.0.1:5432/statuslink_bench: created afresh; skipped when unreachable).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { deepestChild, ensureBuilt, freePort, median, portInUse, printTable, rssMb, sleep, startProcess, stopProcess, waitForHttp } from '../../scripts/ops/processes';

const root = fileURLToPath(new URL('../../', import.meta.url));
const STARTS = Math.max(1, Number(process.env.BENCH_STARTS ?? 3));
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((d) => d.trim());
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/statuslink_bench';
const scratch = path.join(root, '.tmp', `bench-startup-${process.pid}`);
const logFile = path.join(scratch, 'servers.log');

interface Way {
  label: string;
  command: string;
  args: string[];
}

/** The ways of starting the server that are measured (package.json's start script is read, not copied). */
function ways(): Way[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const server = pkg.scripts.start!.split('&&').at(-1)!.trim().split(/\s+/);
  return [
    { label: `built (${server.join(' ')})`, command: process.execPath, args: server.slice(1) },
    { label: 'npm start', command: 'npm', args: ['start', '--silent'] },
    { label: 'from source through tsx (before)', command: process.execPath, args: ['--import', 'tsx', 'src/server/main.ts'] },
  ];
}

interface Measured {
  readyMs: number[];
  rss?: number;
}

/** Starts the command, times it to a 200 from `readyPath`, optionally idles and reads its memory, stops it. */
async function startOnce(command: string, args: string[], env: NodeJS.ProcessEnv, port: number, readyPath: string, idle: boolean): Promise<{ readyMs: number; rss?: number }> {
  const started = performance.now();
  const p = startProcess('server', command, args, { cwd: root, env, log: logFile });
  try {
    await waitForHttp(`http://127.0.0.1:${port}${readyPath}`, { timeoutMs: 120_000, intervalMs: 10, process: p });
    const readyMs = performance.now() - started;
    if (!idle) return { readyMs };
    await sleep(IDLE_SECONDS * 1000);
    return { readyMs, rss: rssMb(deepestChild(p.child.pid!)) };
  } finally {
    // The server itself (under npm start, npm's shell would not pass the signal on), then whatever started it.
    const server = deepestChild(p.child.pid!);
    if (server !== p.child.pid) {
      try {
        process.kill(server, 'SIGINT');
      } catch {
        /* already gone */
      }
    }
    await stopProcess(p, 'SIGINT');
  }
}

/** One start after another on one port: a server left running would answer the next one's probe. */
async function startOnceAlone(...args: Parameters<typeof startOnce>): Promise<{ readyMs: number; rss?: number }> {
  const port = args[3];
  if (await portInUse(port)) throw new Error(`something already answers on port ${port}`);
  const result = await startOnce(...args);
  if (await portInUse(port)) throw new Error(`something still answers on port ${port} after the server stopped`);
  return result;
}

async function measure(command: string, args: string[], env: NodeJS.ProcessEnv, port: number, readyPath: string, withMemory: boolean): Promise<Measured> {
  await startOnceAlone(command, args, env, port, readyPath, false); // warms the file cache; not counted
  const result: Measured = { readyMs: [] };
  for (let i = 0; i < STARTS; i += 1) {
    const last = i === STARTS - 1;
    const run = await startOnceAlone(command, args, env, port, readyPath, withMemory && last);
    result.readyMs.push(run.readyMs);
    if (run.rss !== undefined) result.rss = run.rss;
  }
  return result;
}

async function freshPostgres(): Promise<string | null> {
  const name = new URL(PG_URL).pathname.slice(1);
  const adminUrl = new URL(PG_URL);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  try {
    await admin.connect();
  } catch (err) {
    console.log(`PostgreSQL not reachable at ${adminUrl.host} (${(err as Error).message}): skipped.`);
    return null;
  }
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  return PG_URL;
}

const row = (label: string, m: Measured) => [
  label,
  (median(m.readyMs) / 1000).toFixed(2),
  (Math.min(...m.readyMs) / 1000).toFixed(2),
  (Math.max(...m.readyMs) / 1000).toFixed(2),
  m.rss === undefined ? '' : m.rss.toFixed(0),
];

export async function run(): Promise<void> {
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  ensureBuilt(root);
  console.log(`${STARTS} warm starts per row (after one unmeasured); memory read after ${IDLE_SECONDS} s idle; log: ${path.relative(root, logFile)}`);
  const header = ['database / way', 'ready s (median)', 'min', 'max', 'idle MB'];
  const rows: (string | number)[][] = [];

  const port = await freePort();
  const baselineCode = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  rows.push(row('baseline: node -e (empty node:http server)', await measure(process.execPath, ['-e', baselineCode], process.env, port, '/', true)));

  for (const kind of DATABASES) {
    const url = kind === 'postgres' ? await freshPostgres() : null;
    if (kind === 'postgres' && !url) continue;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
      DATA_DIR: path.join(scratch, 'data'),
      DATABASE_URL: url ?? '',
      REDIS_URL: '',
    };
    for (const way of ways()) {
      const measured = await measure(way.command, way.args, env, port, '/api/health/ready', way.label !== 'npm start');
      rows.push(row(`${kind}: ${way.label}`, measured));
    }
  }
  printTable(header, rows);
  console.log('targets: ready within 3 s warm (quiet machine); idle under 150 MB on PostgreSQL (the server process; npm start adds npm\'s own)');
  fs.rmSync(path.join(scratch, 'data'), { recursive: true, force: true });
}
