import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { DataDirInUseError, acquireDataDirLock } from '../../src/server/db/lock';
import { tmpDir } from '../support/test-database';

const root = path.resolve(import.meta.dirname, '../..');

describe('embedded database folder lock', () => {
  it('refuses a second opener while the first holds the folder, and frees it on close', async () => {
    const dir = tmpDir('lock');
    const release = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    release();
    const again = acquireDataDirLock(dir);
    again();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tmpDir('stale');
    fs.writeFileSync(path.join(dir, 'statuslink.lock'), '999999'); // no such pid
    const release = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'statuslink.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('opens a folder once, and the admin command says plainly that it is in use', async () => {
    const dir = tmpDir('pglite');
    const db = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(/in use/);
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', '--email', 'ops@example.com'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/in use by another process/);
      expect(r.stderr).toMatch(/while the server is stopped/);
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('npm run admin:create', () => {
  it('creates an operator, then promotes an existing account', async () => {
    const dir = tmpDir('admin');
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const created = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', '--email', 'Ops@Example.com', '--password', 'Lighthouse-Keeper-9'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Created platform operator ops@example.com.');
    const again = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', '--email', 'ops@example.com'], { cwd: root, env, encoding: 'utf8' });
    expect(again.stdout).toContain('ops@example.com is already a platform operator.');

    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const res = await database.db.execute(`select role from users where email = 'ops@example.com'` as never);
      expect((res as unknown as { rows: { role: string }[] }).rows[0]?.role).toBe('admin');
    } finally {
      await database.close();
    }
  }, 90_000);
});
