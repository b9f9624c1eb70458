import { spawn } from 'node:child_process';

/**
 * Runs PostgreSQL's client tools (pg_dump, pg_restore), which must be on PATH and at least as new as the server.
 * The connection is passed in libpq's environment variables, so a password never shows in a process list.
 */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const env = libpqEnv(databaseUrl);
    // pg_dump reads the database from PGDATABASE; pg_restore restores into --dbname (else it prints SQL).
    const target = tool === 'pg_restore' && !args.includes('--list') ? ['--dbname', env.PGDATABASE ?? 'postgres'] : [];
    const child = spawn(tool, [...args, ...target], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'ENOENT' ? new Error(`${tool} was not found: install PostgreSQL's client tools (Debian: postgresql-client) of the server's version or newer.`) : e),
    );
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${tool} failed (exit ${code}): ${err.trim() || out.trim()}`))));
  });
}

/** libpq's environment variables for a postgres:// URL (so the password never shows in a process list). */
export function libpqEnv(databaseUrl: string): Record<string, string> {
  const u = new URL(databaseUrl);
  const env: Record<string, string> = {};
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname.replace(/^\[|\]$/g, ''));
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const db = decodeURIComponent(u.pathname.slice(1));
  if (db) env.PGDATABASE = db;
  const ssl = u.searchParams.get('sslmode');
  if (ssl) env.PGSSLMODE = ssl;
  const host = u.searchParams.get('host');
  if (host) env.PGHOST = host;
  return env;
}
