// Helpers of the scripts that start real processes (npm run test:cluster, npm run bench startup / cluster): free
// ports, child processes with their output kept in a log file, waiting for an HTTP answer, resident memory.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Builds the server and pages unless dist/ is up to date (scripts/ensure-build.mjs): what a script runs is built JavaScript. */
export function ensureBuilt(root = path.resolve(import.meta.dirname, '../..')): void {
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
}

/** A TCP port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** True when something accepts connections on the port. */
export function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface Started {
  child: ChildProcess;
  name: string;
  log: string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

/** Starts a process with stdout and stderr appended to `log` (the figures stay readable; logs are for trouble). */
export function startProcess(name: string, command: string, args: string[], options: SpawnOptions & { log: string }): Started {
  fs.mkdirSync(path.dirname(options.log), { recursive: true });
  const out = fs.openSync(options.log, 'a');
  const child = spawn(command, args, { ...options, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { child, name, log: options.log, exited };
}

/** Sends the signal and waits for the exit (SIGKILL after `graceMs`); harmless on a process already gone. */
export async function stopProcess(p: Started, signal: NodeJS.Signals = 'SIGTERM', graceMs = 20_000): Promise<number | string> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return p.exited;
  p.child.kill(signal);
  const timer = setTimeout(() => p.child.kill('SIGKILL'), graceMs);
  try {
    return await p.exited;
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the URL until `accept(status)` (default 200) or the time is up; returns ms waited. Throws on time-out. */
export async function waitForHttp(
  url: string,
  options: { timeoutMs?: number; intervalMs?: number; accept?: (status: number) => boolean; process?: Started } = {},
): Promise<number> {
  const started = performance.now();
  const timeout = options.timeoutMs ?? 60_000;
  const accept = options.accept ?? ((s) => s === 200);
  for (;;) {
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) })
      .then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      })
      .catch(() => 0);
    if (accept(status)) return performance.now() - started;
    if (options.process && (options.process.child.exitCode !== null || options.process.child.signalCode !== null)) {
      throw new Error(`${options.process.name} exited before ${url} answered (log: ${options.process.log})`);
    }
    if (performance.now() - started > timeout) throw new Error(`${url} did not answer as expected within ${timeout} ms`);
    await sleep(options.intervalMs ?? 20);
  }
}

/** Resident memory of a process in MB (Linux /proc; ps elsewhere), or NaN when it is gone. */
export function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** The node server process under `npm start` (npm, then sh, then node): the deepest descendant. */
export function deepestChild(pid: number): number {
  let current = pid;
  for (let depth = 0; depth < 5; depth += 1) {
    let children: string;
    try {
      children = fs.readFileSync(`/proc/${current}/task/${current}/children`, 'utf8').trim();
    } catch {
      return current;
    }
    if (!children) return current;
    current = Number(children.split(/\s+/).at(-1));
  }
  return current;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length === 0 ? Number.NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Prints rows as an aligned table. */
export function printTable(header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  for (const row of cells) console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
}

/**
 * Signs in an owner just signed up. A sign-up makes the account after its answer (decision 0021), so a sign-in may
 * find no account yet (401): tried again, a little later each time (few failed attempts, well under the sign-in
 * throttle), until the account is there or `timeoutMs` passes. Returns the last answer.
 */
export async function signInOnceCreated<T extends { status: number }>(signIn: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const until = performance.now() + timeoutMs;
  let answer = await signIn();
  for (let wait = 100; answer.status === 401 && performance.now() < until; wait = Math.min(wait * 2, 5_000)) {
    await sleep(wait);
    answer = await signIn();
  }
  return answer;
}
