// The embedded database comes back after any kill, at full size (issue 25 item 3, decision 0020). The server test
// (tests/server/restart-recovery.test.ts) kills a 12,000-row import; this runs the case the red-team pass found:
// a 100,000-row re-sync killed with SIGKILL while it is applying its staged rows after the commit point. Then the
// built server starts on that folder and we time, from its start: its liveness probe, its readiness probe and the
// portal served whole (503 `portal_recovering` until then). Baseline, same run and same folder: a clean start
// once the recovery is done. Before the fix the first restart exited with FST_ERR_HOOK_TIMEOUT after 19.6 s.
// Env: BENCH_RECOVERY_ROWS (default 100000), BENCH_RECOVERY_KILL_AT (rows applied before the kill, default 10000).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt, freePort, printTable, startProcess, stopProcess, waitForHttp } from '../../scripts/ops/processes';
import { runImportChild } from '../../tests/support/run-import-child';

const ROWS = Number(process.env.BENCH_RECOVERY_ROWS ?? 100_000);
const KILL_AT = Number(process.env.BENCH_RECOVERY_KILL_AT ?? 10_000);
const SEED_ROWS = 2000;
const PORTAL = 'portal_crashtest'; // the import child's portal
const root = fileURLToPath(new URL('../../', import.meta.url));

interface StartTimes {
  liveMs: number;
  readyMs: number;
  portalMs: number;
  exited: string | null;
}

/** Starts the built server on the folder and times its probes and the portal from its start; stops it. */
async function timeStart(dataDir: string, label: string): Promise<StartTimes> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = startProcess(label, process.execPath, ['dist/server/main.js'], {
    cwd: root,
    log: path.join(dataDir, `${label}.log`),
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', REDIS_URL: '' },
  });
  try {
    const since = () => performance.now() - started;
    await waitForHttp(`${base}/api/health/live`, { timeoutMs: 120_000, intervalMs: 10, process: server });
    const liveMs = since();
    await waitForHttp(`${base}/api/health/ready`, { timeoutMs: 600_000, intervalMs: 50, process: server });
    const readyMs = since();
    await waitForHttp(`${base}/api/public/portals/${PORTAL}`, { timeoutMs: 600_000, intervalMs: 50, process: server });
    return { liveMs, readyMs, portalMs: since(), exited: null };
  } catch (err) {
    return { liveMs: NaN, readyMs: NaN, portalMs: NaN, exited: (err as Error).message };
  } finally {
    await stopProcess(server, 'SIGINT');
  }
}

const seconds = (ms: number) => (Number.isNaN(ms) ? 'never' : (ms / 1000).toFixed(2));

export async function run(): Promise<void> {
  ensureBuilt(root);
  const dataDir = path.join(root, '.tmp', `bench-recovery-${process.pid}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const target = { kind: 'pglite' as const, dataDir };
  try {
    await runImportChild(target, 'seed', SEED_ROWS, 0);
    const importStarted = performance.now();
    const crashed = await runImportChild(target, 'import', ROWS, 0, KILL_AT, 'committing');
    if (crashed.signal !== 'SIGKILL') throw new Error(`the import finished before ${KILL_AT.toLocaleString('en-US')} rows were applied: nothing to recover`);
    console.log(`${ROWS.toLocaleString('en-US')}-row import killed after ${seconds(performance.now() - importStarted)} s, ${crashed.killedAt?.toLocaleString('en-US')} rows applied past its commit point`);

    const afterKill = await timeStart(dataDir, 'restart-after-kill');
    const clean = await timeStart(dataDir, 'clean-start');
    printTable(
      ['start (built server, embedded database)', 'live s', 'ready s', 'portal served s', 'failed'],
      [
        ['first start after the kill', seconds(afterKill.liveMs), seconds(afterKill.readyMs), seconds(afterKill.portalMs), afterKill.exited ?? ''],
        ['baseline: clean start of the same folder', seconds(clean.liveMs), seconds(clean.readyMs), seconds(clean.portalMs), clean.exited ?? ''],
      ],
    );
    console.log('Target (issue 25 item 3): the first start after the kill answers its liveness probe within 5 s and serves the portal once recovered, with no second start.');
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
