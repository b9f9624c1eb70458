import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/ops/processes';
import { sessions } from '../../src/server/db/schema';
import { startTestApp, useTestApp, nextIp, signUp, TEST_ORIGIN } from '../support/test-app';
import { tmpDir } from '../support/test-database';

const root = path.resolve(import.meta.dirname, '../..');

const t = useTestApp();

describe('session refresh', () => {
  it('extends a session that is used after its refresh age', async () => {
    const { cookie, user } = await signUp(t.app);
    const soon = new Date(Date.now() + 30 * 60_000); // 30 minutes left
    await t.app.ctx.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, user.id));
    const res = await t.app.inject({ url: '/api/v1/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const hoursLeft = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23);
    expect(hoursLeft).toBeLessThanOrEqual(24);
  });

  it('answers 401 once the session has expired', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.app.ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await t.app.inject({ url: '/api/v1/me', headers: { cookie } })).statusCode).toBe(401);
  });
});

async function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(6379, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.setTimeout(500, () => {
      s.destroy();
      resolve(false);
    });
  });
}

describe('rate limits shared through Redis', () => {
  it('counts one IP across two instances when REDIS_URL is set (runs where Redis is on 127.0.0.1:6379)', async (ctx) => {
    if (!(await redisReachable())) ctx.skip();
    const a = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' });
    const b = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:6379' });
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify({ email: `x${i}@example.com`, password: 'Wrong-password-1' }),
      });
      statuses.push(res.statusCode);
    }
    // 10 per minute per IP on sign-in, counted across both instances.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // another address is unaffected
    const other = await a.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'y@example.com', password: 'Wrong-password-1' }),
    });
    expect(other.statusCode).toBe(401);
  }, 60_000);
});

describe('the server process', () => {
  it('starts on an empty folder, answers, and on SIGTERM drains (not ready, still serving) then shuts down cleanly, releasing the folder', async () => {
    const dir = tmpDir('main');
    // A port nothing listens on now (a random one once met a developer's own server, which answered the health check).
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      // A drain far longer than the test: a second signal ends it, so nothing here depends on timing.
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_SECONDS: '300' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      let healthy = false;
      for (let i = 0; i < 360 && !healthy; i++) {
        await new Promise((r) => setTimeout(r, 250));
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
      }
      expect(healthy, output).toBe(true);
      expect(fs.existsSync(path.join(dir, 'statuslink.lock'))).toBe(true);
      const base = `http://127.0.0.1:${port}`;
      expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await expect.poll(async () => (await fetch(`${base}/api/health/ready`)).status, { timeout: 30_000, interval: 100 }).toBe(503);
      const ready = await fetch(`${base}/api/health/ready`);
      expect(await ready.json()).toMatchObject({ status: 'not_ready', draining: true });
      const live = await fetch(`${base}/api/health/live`);
      expect(live.status).toBe(200);
      expect(live.headers.get('connection')).toBe('close');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(fs.existsSync(path.join(dir, 'statuslink.lock'))).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
  }, 120_000);
});
