import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { notificationMessages } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { manualClock, type Clock } from '../../src/server/lib/clock';
import { portalWithStatusChanges } from './notification-bulk-changes';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { createTestDatabase, testDbKind } from '../support/test-database';
import { EMAILS_IN_FLIGHT } from '../../src/server/services/notifications/send-client-message-job';

// Delivered once (issue 19 item 5): three app instances on one PostgreSQL send each message once; a sending instance
// killed with SIGKILL leaves at most one duplicate of each message it had in flight, with the same Message-ID.
// PostgreSQL only: the embedded database is one process's.

const instances: { app: FastifyInstance; database: Database }[] = [];
let shared: Database & { drop(): Promise<void> };
let smtp: TestSmtp;

async function instance(clock?: Clock): Promise<FastifyInstance> {
  const database = instances.length === 0 ? shared : await openDatabase({ kind: 'postgres', url: shared.url!, max: 5 });
  const env = loadEnv({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123', SMTP_URL: smtp.url, MAIL_FROM: 'updates@statuslink.test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
  const app = await buildApp({ env, database, logger: pino({ level: 'silent' }), serveWeb: false, startJobs: false, ...(clock ? { clock } : {}) });
  await app.ready();
  instances.push({ app, database });
  return app;
}

/** What the SMTP server received of this portal's messages (not the owner's sign-up e-mail), by Message-ID. */
async function receivedOf(app: FastifyInstance, portalId: string): Promise<string[]> {
  const ids = new Set((await app.ctx.db.select({ id: notificationMessages.id }).from(notificationMessages).where(eq(notificationMessages.portalId, portalId))).map((m) => `<${m.id}@statuslink.test>`));
  return smtp.accepted.map((m) => m.messageId).filter((id) => ids.has(id));
}

async function countSent(app: FastifyInstance, portalId: string): Promise<number> {
  const result = await app.ctx.db.execute(sql`select count(*)::int as n from notification_messages where portal_id = ${portalId} and state = 'sent'`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe.skipIf(testDbKind !== 'postgres')('delivered once', () => {
  beforeAll(async () => {
    smtp = await startTestSmtp();
    shared = await createTestDatabase({ max: 5 });
  });
  afterAll(async () => {
    for (const { app } of instances) await app.close();
    for (const { database } of instances.slice(1)) await database.close();
    await shared?.drop();
    await smtp?.close();
  });

  it('three instances on one PostgreSQL send each message exactly once', async () => {
    const apps = [await instance(), await instance(), await instance()];
    const portalId = await portalWithStatusChanges(apps[0]!, 150, new Date());
    const expected = (await apps[0]!.ctx.db.select({ id: notificationMessages.id }).from(notificationMessages).where(eq(notificationMessages.portalId, portalId))).length;
    expect(expected).toBeGreaterThan(120); // rows without a usable e-mail are not clients
    for (const app of apps) app.ctx.jobs.start({ pollMs: 20, batch: 10 });
    await expect.poll(() => countSent(apps[0]!, portalId), { timeout: 150_000, interval: 100 }).toBe(expected);
    for (const app of apps) await app.ctx.jobs.stop();
    const ids = await receivedOf(apps[0]!, portalId);
    expect(ids).toHaveLength(expected);
    expect(new Set(ids).size).toBe(expected);
  }, 180_000);

  it('a sending instance killed with SIGKILL: at most one duplicate of each message in flight, same Message-ID', async () => {
    smtp.accepted.length = 0;
    const setup = instances[0]!.app;
    const portalId = await portalWithStatusChanges(setup, 60, new Date());
    const expected = (await setup.ctx.db.select({ id: notificationMessages.id }).from(notificationMessages).where(eq(notificationMessages.portalId, portalId))).length;

    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/notify-child.ts'], {
      env: { ...process.env, NOTIFY_CHILD: JSON.stringify({ url: shared.url, smtpUrl: smtp.url }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    // The 20th message accepted kills the sender before it can record that it was sent.
    let seen = 0;
    smtp.onAccept = () => {
      seen += 1;
      if (seen === 20) child.kill('SIGKILL');
    };
    expect(await exited).toBe('SIGKILL');
    smtp.onAccept = () => {};
    const before = smtp.accepted.length;
    expect(before).toBeGreaterThanOrEqual(20);
    expect(await countSent(setup, portalId)).toBeLessThan(expected);

    // Another instance, once the dead one's leases have run out (its clock 3 minutes on), sends the rest.
    const survivor = await instance(manualClock(Date.now() + 3 * 60_000));
    while ((await countSent(survivor, portalId)) < expected) await survivor.ctx.jobs.runDue();

    const copies = new Map<string, number>();
    for (const id of await receivedOf(survivor, portalId)) copies.set(id, (copies.get(id) ?? 0) + 1);
    expect(copies.size).toBe(expected);
    const duplicated = [...copies.values()].filter((n) => n > 1);
    expect(duplicated.every((n) => n === 2)).toBe(true);
    expect(duplicated.length).toBeGreaterThanOrEqual(1); // the one accepted as the sender died
    expect(duplicated.length).toBeLessThanOrEqual(EMAILS_IN_FLIGHT); // at most the messages in flight at the kill
  }, 180_000);
});
