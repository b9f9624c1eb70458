import { spawn } from 'node:child_process';
import path from 'node:path';

// Runs tests/support/import-child.ts in its own process (the crash and restart tests), killing it mid-import.

const root = path.resolve(import.meta.dirname, '../..');

export type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/**
 * Runs the child; with `killAtWritten`, kills it once a progress step of `killPhase` reports that many rows. On the
 * embedded database a large re-sync stages its rows first ('writing', before its commit point) and applies them in
 * steps after it ('committing'); on PostgreSQL the one transaction reports 'writing'.
 */
export function runImportChild(target: Target, mode: 'setup' | 'seed' | 'import', rows: number, variant: number, killAtWritten?: number, killPhase = 'writing') {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; killedAt: number | null }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/import-child.ts'], {
      cwd: root,
      env: { ...process.env, IMPORT_CHILD: JSON.stringify({ ...target, mode, rows, variant }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let killedAt: number | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (killAtWritten === undefined || killedAt !== null) return;
      const m = [...out.matchAll(new RegExp(`PROGRESS ${killPhase} (\\d+) (\\d+)`, 'g'))].at(-1);
      if (m && Number(m[1]) >= killAtWritten) {
        killedAt = Number(m[1]);
        child.kill('SIGKILL');
      }
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code !== 0 && signal === null) reject(new Error(`child failed (${code}): ${err}`));
      else resolve({ code, signal, out, killedAt });
    });
  });
}

