import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { webhookEndpoints } from '../../src/server/db/schema';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db/client';
import { createJobQueue } from '../../src/server/jobs/job-worker';
import { webhookDeliveryHandler } from '../../src/server/services/webhooks/deliver-webhook';
import { sealSecret } from '../../src/server/services/webhooks/webhook-secrets';
import { businessWithPortal, request } from '../support/sheets';
import { captureMailer, createTestApp, useTestApp } from '../support/test-app';
import { startWebhookReceiver } from '../support/webhook-receiver';

// Webhooks and the network (decision 0018): the address guard with private addresses refused (production's
// setting), on save and at connect time; and several instances on one database delivering each event once.

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

const t = useTestApp();
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const deliveriesOf = async (cookie: string, id: string) => (await request(t.app, 'GET', `/api/v1/webhooks/${id}/deliveries`, cookie)).json().deliveries;

describe('the address guard (private addresses refused)', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://10.1.2.3/hook',
    'https://169.254.169.254/latest/meta-data/',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://localhost/hook',
    'http://hooks.example.com/hook',
  ])('refuses %s as an endpoint', async (url) => {
    const owner = await businessWithPortal(t.app);
    const res = await request(t.app, 'POST', '/api/v1/webhooks', owner.cookie, { url, events: ['client.added'] });
    expect(res.statusCode).toBe(400);
  });

  it('never connects to a loopback, private or metadata address, whatever the saved name resolves to', async () => {
    const owner = await businessWithPortal(t.app);
    const business = (await t.app.ctx.db.query.businessProfiles.findFirst({ where: (b, { eq }) => eq(b.userId, owner.user.id) }))!;
    const now = t.clock.now();
    // As if the names had resolved to public addresses when saved (DNS rebinding), or the rows predate the check.
    const urls = [`http://localhost:${new URL(receiver.url).port}/hook`, 'http://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data/'];
    const ids = urls.map((_, i) => `ep_guard${i}${Date.now()}`);
    await t.app.ctx.db.insert(webhookEndpoints).values(
      urls.map((url, i) => ({ id: ids[i]!, businessId: business.id, url, events: ['client.added'], secretBox: sealSecret(`whsec_${Buffer.alloc(32, i + 1).toString('base64')}`, t.env.BETTER_AUTH_SECRET!), secretPrefix: 'whsec_AQEB', createdAt: now, updatedAt: now })),
    );
    for (const id of ids) expect((await request(t.app, 'POST', `/api/v1/webhooks/${id}/test`, owner.cookie, {})).statusCode).toBe(202);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toEqual([]);
    const errors = await Promise.all(ids.map(async (id) => (await deliveriesOf(owner.cookie, id))[0].error as string));
    expect(errors[0]).toMatch(/^Not sent: localhost resolves to (127\.0\.0\.1|::1), a private or reserved address$/);
    expect(errors[1]).toBe('Not sent: 10.0.0.1 is a private or reserved address');
    expect(errors[2]).toBe('Not sent: 169.254.169.254 is a private or reserved address');
  });
});

describe('several instances on one database', () => {
  it('three instances deliver each event once', async () => {
    const open = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' });
    const extra: { app?: FastifyInstance; database?: Database }[] = [];
    try {
      const owner = await businessWithPortal(open.app);
      const created = await request(open.app, 'POST', '/api/v1/webhooks', owner.cookie, { url: `${receiver.url}/many`, events: ['client.added'] });
      expect(created.statusCode).toBe(201);
      const events = Array.from({ length: 60 }, (_, n) => ({ type: 'client.added' as const, portalId: owner.portalId, clientId: `C-${n}`, data: { status: 'New', statusClass: 'pending' as const }, actor: { kind: 'system' as const, job: 'test' } }));
      await open.app.ctx.db.transaction((tx) => open.app.ctx.clientEvents.record(tx, events, open.clock.now()));

      const { database } = open.app.ctx;
      if (database.kind === 'postgres') {
        // Two more app instances with their own connection pools, as separate processes would have.
        for (let i = 0; i < 2; i += 1) {
          const db = await openDatabase({ kind: 'postgres', url: database.url!, max: 3 });
          const app = await buildApp({ env: open.env, database: db, clock: open.clock, mailer: captureMailer(), logger: pino({ level: 'silent' }), serveWeb: false });
          await app.ready();
          extra.push({ app, database: db });
        }
        const queues = [open.app.ctx.jobs, ...extra.map((e) => e.app!.ctx.jobs)];
        for (const q of queues) q.start({ pollMs: 20, batch: 7, concurrency: 3 });
        await expect.poll(() => receiver.received.filter((r) => r.path === '/many').length, { timeout: 30_000 }).toBe(60);
        await Promise.all(queues.map((q) => q.stop()));
      } else {
        // The embedded database is one process's: three workers side by side on it.
        const deps = { db: open.app.ctx.db, clock: open.clock, env: open.env, mailer: captureMailer(), settings: open.app.ctx.settings, logger: pino({ level: 'silent' }), timeoutMs: 5000 };
        const queues = [0, 1, 2].map(() => {
          const q = createJobQueue({ db: open.app.ctx.db, clock: open.clock, logger: pino({ level: 'silent' }) });
          q.register(webhookDeliveryHandler(deps));
          return q;
        });
        await Promise.all(queues.map((q) => q.runDue()));
      }
      const ids = receiver.received.filter((r) => r.path === '/many').map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(60);
      expect(new Set(ids).size).toBe(60);
      expect(new Set(receiver.received.filter((r) => r.path === '/many').map((r) => JSON.parse(r.body).data.clientId)).size).toBe(60);
    } finally {
      for (const e of extra) {
        await e.app?.close();
        await e.database?.close();
      }
      await open.close();
    }
    // Three apps (or workers) and 60 deliveries: more than the default 20 s on a busy machine.
  }, 90_000);
});
