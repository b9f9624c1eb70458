import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { NewClientEvent } from '../../src/core/client-events';
import { businessProfiles, jobs, webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema';
import { createKey, withKey } from '../support/api-keys';
import { businessWithPortal, postCsv, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { claimDueDeliveries } from '../../src/server/services/webhooks/claim-webhook-deliveries';
import { attemptDelivery, recordUnexpectedFailure, type AttemptDeps } from '../../src/server/services/webhooks/attempt-delivery';
import { createEndpointCache } from '../../src/server/services/webhooks/endpoint-cache';
import { startWebhookReceiver, type ReceivedWebhook } from '../support/webhook-receiver';

// Webhooks (issue 22, decision 0018): endpoints per business, Standard Webhooks signatures checked by a real local
// receiver with the standardwebhooks package, the retry schedule on the app clock, Retry-After, 410, redirects,
// time-outs, rotation with two signatures, five days of failures, test events and resends.

let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const S = 1000;
const MIN = 60 * S;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const t = useTestApp({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' }, { webhookTimeoutMs: 300 });
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
afterEach(async () => {
  // Each case starts with no delivery waiting (another case's retries would run when the clock moves).
  receiver.reset();
  await t.app.ctx.db.delete(jobs);
  await t.app.ctx.db.delete(webhookDeliveries);
});

/** Verifies a received webhook with the standardwebhooks package, at the app clock's time. */
function verify(secret: string, w: ReceivedWebhook) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(t.clock.now());
  try {
    return new Webhook(secret).verify(w.body, w.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> };
  } finally {
    vi.useRealTimers();
  }
}

async function ownerWithEndpoint(events = ['client.status_changed'], path = '/hook') {
  const owner = await businessWithPortal(t.app);
  const res = await request(t.app, 'POST', '/api/v1/webhooks', owner.cookie, { url: `${receiver.url}${path}`, events, description: 'Practice software' });
  expect(res.statusCode, res.body).toBe(201);
  const endpoint = res.json() as { id: string; secret: string };
  return { ...owner, endpoint };
}

function statusChanged(portalId: string, clientId = 'C-1'): NewClientEvent {
  return { type: 'client.status_changed', portalId, clientId, data: { from: 'New', to: 'In Progress', fromClass: 'pending', toClass: 'in-progress' }, actor: { kind: 'sync', runId: '00000000-0000-4000-8000-000000000001' } };
}

const record = (events: NewClientEvent[]) => t.app.ctx.db.transaction((tx) => t.app.ctx.clientEvents.record(tx, events, t.clock.now()));
const deliveries = async (cookie: string, endpointId: string) => (await request(t.app, 'GET', `/api/v1/webhooks/${endpointId}/deliveries`, cookie)).json().deliveries;
const endpointRow = async (id: string) => (await t.app.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

describe('endpoints', () => {
  it('adds an endpoint with a whsec_ secret shown once; lists, changes and deletes it; another business gets 404', async () => {
    const { cookie, endpoint } = await ownerWithEndpoint(['client.added', 'client.status_changed']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await request(t.app, 'GET', '/api/v1/webhooks', cookie);
    expect(list.body).not.toContain(endpoint.secret);
    expect(list.json().webhooks).toEqual([expect.objectContaining({ id: endpoint.id, events: ['client.added', 'client.status_changed'], enabled: true, secretPrefix: endpoint.secret.slice(0, 10) })]);
    const stored = await endpointRow(endpoint.id);
    expect(stored.secretBox).not.toContain(endpoint.secret.slice(6));

    const patched = await request(t.app, 'PATCH', `/api/v1/webhooks/${endpoint.id}`, cookie, { events: ['client.completed'], enabled: false });
    expect(patched.json()).toMatchObject({ events: ['client.completed'], enabled: false, disabledReason: 'manual' });

    const other = await businessWithPortal(t.app);
    for (const [method, url] of [
      ['GET', `/api/v1/webhooks/${endpoint.id}`],
      ['PATCH', `/api/v1/webhooks/${endpoint.id}`],
      ['DELETE', `/api/v1/webhooks/${endpoint.id}`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/rotate-secret`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/test`],
      ['GET', `/api/v1/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/v1/webhooks/${endpoint.id}/deliveries/msg_x/resend`],
    ] as const) {
      const res = await request(t.app, method, url, other.cookie, method === 'PATCH' ? { description: 'mine' } : method === 'POST' ? {} : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await request(t.app, 'GET', '/api/v1/webhooks', other.cookie)).json().webhooks).toEqual([]);

    expect((await request(t.app, 'DELETE', `/api/v1/webhooks/${endpoint.id}`, cookie)).statusCode).toBe(204);
    expect((await request(t.app, 'GET', '/api/v1/webhooks', cookie)).json().webhooks).toEqual([]);
  });

  it('needs the Business plan, an address and at least one known event; keys: read lists, write changes', async () => {
    const pro = await businessWithPortal(t.app, { plan: 'professional' });
    const refused = await request(t.app, 'POST', '/api/v1/webhooks', pro.cookie, { url: `${receiver.url}/x`, events: ['client.added'] });
    expect(refused.json().error.code).toBe('plan_feature');

    const owner = await businessWithPortal(t.app);
    const none = await request(t.app, 'POST', '/api/v1/webhooks', owner.cookie, { url: `${receiver.url}/x`, events: [] });
    expect(none.json().error.message).toBe('Choose at least one event');
    expect((await request(t.app, 'POST', '/api/v1/webhooks', owner.cookie, { url: `${receiver.url}/x`, events: ['client.exploded'] })).statusCode).toBe(400);
    expect((await request(t.app, 'POST', '/api/v1/webhooks', owner.cookie, { url: 'ftp://example.com/x', events: ['client.added'] })).json().error.message).toBe('The address must start with https://');

    const read = await createKey(t.app, owner.cookie, { scope: 'read' });
    const write = await createKey(t.app, owner.cookie, { scope: 'write' });
    expect((await withKey(t.app, read.key, 'POST', '/api/v1/webhooks', { url: `${receiver.url}/x`, events: ['client.added'] })).statusCode).toBe(403);
    const created = await withKey(t.app, write.key, 'POST', '/api/v1/webhooks', { url: `${receiver.url}/x`, events: ['client.added'] });
    expect(created.statusCode).toBe(201);
    expect((await withKey(t.app, read.key, 'GET', '/api/v1/webhooks')).json().webhooks).toHaveLength(1);
  });
});

describe('delivery', () => {
  it('posts each event once, signed per Standard Webhooks, and shows the delivery', async () => {
    const { cookie, endpoint, portalId } = await ownerWithEndpoint();
    await record([statusChanged(portalId), { ...statusChanged(portalId, 'C-2'), type: 'client.added', data: { status: 'New', statusClass: 'pending' } }]);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.path).toBe('/hook');
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['webhook-id']).toMatch(/^msg_/);
    expect(got!.headers['webhook-timestamp']).toBe(String(Math.floor(t.clock.nowMs() / 1000)));
    const payload = verify(endpoint.secret, got!);
    expect(payload).toMatchObject({ type: 'client.status_changed', data: { portalId, clientId: 'C-1', from: 'New', to: 'In Progress', changedBy: 'sync', client: null } });
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got!)).toThrow('No matching signature found');

    const [shown] = await deliveries(cookie, endpoint.id);
    expect(shown).toMatchObject({ id: got!.headers['webhook-id'], eventType: 'client.status_changed', state: 'delivered', attempts: 1, statusCode: 200, responseExcerpt: 'ok' });
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
  });

  it("writes nothing when the change rolls back (the outbox is the change's transaction)", async () => {
    const { portalId, endpoint } = await ownerWithEndpoint();
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await t.app.ctx.clientEvents.record(tx, [statusChanged(portalId)], t.clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.app.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
  });

  it('retries on the schedule until the receiver answers, honouring Retry-After, with the same message id', async () => {
    const { cookie, endpoint, portalId } = await ownerWithEndpoint();
    receiver.plan({ status: 500, body: 'database down' }, { status: 429, headers: { 'retry-after': '900' }, body: 'slow down' });
    await record([statusChanged(portalId)]);
    await t.app.ctx.jobs.runDue();
    let [d] = await deliveries(cookie, endpoint.id);
    expect(d).toMatchObject({ state: 'pending', attempts: 1, statusCode: 500, responseExcerpt: 'database down', nextAttemptAt: new Date(t.clock.nowMs() + 5 * S).toISOString() });
    // The queue's depth for /metrics: one delivery waiting for a later try.
    const gauge = await t.app.ctx.metrics.registry.getSingleMetricAsString('statuslink_webhook_pending_deliveries');
    expect(gauge).toContain('statuslink_webhook_pending_deliveries{when="later"} 1');
    expect(gauge).toContain('statuslink_webhook_pending_deliveries{when="due"} 0');

    t.clock.advance(4 * S);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
    t.clock.advance(S);
    await t.app.ctx.jobs.runDue();
    [d] = await deliveries(cookie, endpoint.id);
    // The schedule says 5 minutes; the receiver asked for 15.
    expect(d).toMatchObject({ state: 'pending', attempts: 2, statusCode: 429, nextAttemptAt: new Date(t.clock.nowMs() + 15 * MIN).toISOString() });

    t.clock.advance(15 * MIN);
    await t.app.ctx.jobs.runDue();
    [d] = await deliveries(cookie, endpoint.id);
    expect(d).toMatchObject({ state: 'delivered', attempts: 3, statusCode: 200 });
    expect(d.history.map((h: { statusCode: number }) => h.statusCode)).toEqual([500, 429, 200]);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    for (const r of receiver.received.slice(-1)) verify(endpoint.secret, r);
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();
  });

  it('records answers whose excerpt would cut an emoji in half or holds a NUL (one group, both delivered)', async () => {
    const { cookie, endpoint, portalId } = await ownerWithEndpoint();
    receiver.plan({ status: 200, body: `${'a'.repeat(499)}\u{1F600}` }, { status: 200, body: 'ok\u0000then' });
    await record([statusChanged(portalId), statusChanged(portalId, 'C-2')]);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(2);
    const shown = (await deliveries(cookie, endpoint.id)) as { state: string; responseExcerpt: string }[];
    expect(shown.map((d) => d.state)).toEqual(['delivered', 'delivered']);
    expect(shown.map((d) => d.responseExcerpt).sort()).toEqual([`${'a'.repeat(499)}\uFFFD`, 'okthen']);
  });

  it('gives up after ten attempts over the schedule', async () => {
    const { cookie, endpoint, portalId } = await ownerWithEndpoint();
    receiver.plan(...Array.from({ length: 10 }, () => ({ status: 503 })));
    await record([statusChanged(portalId)]);
    await t.app.ctx.jobs.runDue();
    for (const [i, wait] of [5 * S, 5 * MIN, 30 * MIN, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR].entries()) {
      t.clock.advance(wait - 1);
      await t.app.ctx.jobs.runDue();
      expect(receiver.received).toHaveLength(i + 1);
      t.clock.advance(1);
      await t.app.ctx.jobs.runDue();
      expect(receiver.received).toHaveLength(i + 2);
    }
    const [d] = await deliveries(cookie, endpoint.id);
    expect(d).toMatchObject({ state: 'failed', attempts: 10, nextAttemptAt: null });
    t.clock.advance(DAY);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(10);
    // About 3.2 days of failures: not yet the five days that disable an endpoint.
    expect((await endpointRow(endpoint.id)).enabled).toBe(true);
  });

  it('a 410 disables the endpoint; later events are not sent to it', async () => {
    const { cookie, endpoint, portalId } = await ownerWithEndpoint();
    receiver.plan({ status: 410, body: 'gone' });
    await record([statusChanged(portalId)]);
    await t.app.ctx.jobs.runDue();
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'gone' });
    expect((await deliveries(cookie, endpoint.id))[0]).toMatchObject({ state: 'failed', statusCode: 410 });
    await record([statusChanged(portalId, 'C-9')]);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
    expect(await deliveries(cookie, endpoint.id)).toHaveLength(1);
    // Enabled again by its owner, it gets events again.
    await request(t.app, 'PATCH', `/api/v1/webhooks/${endpoint.id}`, cookie, { enabled: true });
    await record([statusChanged(portalId, 'C-10')]);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(2);
  });

  it('does not follow a redirect, and gives up on an answer that does not come', async () => {
    const { cookie, endpoint, portalId } = await ownerWithEndpoint();
    receiver.plan({ status: 301, headers: { location: `${receiver.url}/elsewhere` } }, 'hang');
    await record([statusChanged(portalId)]);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received.map((r) => r.path)).toEqual(['/hook']);
    let [d] = await deliveries(cookie, endpoint.id);
    expect(d).toMatchObject({ state: 'pending', statusCode: 301, error: `Redirects are not followed (answered 301 to ${receiver.url}/elsewhere)` });
    t.clock.advance(5 * S);
    await t.app.ctx.jobs.runDue();
    [d] = await deliveries(cookie, endpoint.id);
    expect(d).toMatchObject({ state: 'pending', attempts: 2, statusCode: null, error: 'No answer within 0.3 s' });
  });

  it('signs with both secrets during a rotation, then with the new one only', async () => {
    const { cookie, endpoint, portalId } = await ownerWithEndpoint();
    const rotated = await request(t.app, 'POST', `/api/v1/webhooks/${endpoint.id}/rotate-secret`, cookie, { overlapHours: 24 });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(endpoint.secret);
    expect(rotated.json().previousSecretExpiresAt).toBe(new Date(t.clock.nowMs() + DAY).toISOString());

    await record([statusChanged(portalId)]);
    await t.app.ctx.jobs.runDue();
    const during = receiver.received.at(-1)!;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    verify(endpoint.secret, during);
    verify(fresh, during);

    t.clock.advance(DAY);
    await record([statusChanged(portalId, 'C-2')]);
    await t.app.ctx.jobs.runDue();
    const after = receiver.received.at(-1)!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    verify(fresh, after);
    expect(() => verify(endpoint.secret, after)).toThrow();
  });

  it('five days of failures disable the endpoint and e-mail the owner', async () => {
    const { cookie, endpoint, portalId, user } = await ownerWithEndpoint();
    receiver.plan(...Array.from({ length: 3 }, () => ({ status: 500, body: 'still down' })));
    await record([statusChanged(portalId)]);
    await t.app.ctx.jobs.runDue();
    expect((await endpointRow(endpoint.id)).failingSince?.toISOString()).toBe(t.clock.now().toISOString());
    // The first delivery is given up after three days (ten attempts); nothing gets through.
    await t.app.ctx.db.update(webhookDeliveries).set({ state: 'failed', nextAttemptAt: null }).where(eq(webhookDeliveries.endpointId, endpoint.id));
    await t.app.ctx.db.delete(jobs);
    t.clock.advance(5 * DAY);
    await record([statusChanged(portalId, 'C-2')]);
    await t.app.ctx.jobs.runDue();
    expect(await endpointRow(endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const [owner] = await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.userId, user.id));
    const mail = t.mails.find((m) => m.to === owner!.email && m.subject.includes('webhook endpoint'));
    expect(mail?.subject).toBe(`A webhook endpoint of ${owner!.companyName} was disabled`);
    expect(mail?.text).toContain(`${receiver.url}/hook`);
    expect((await deliveries(cookie, endpoint.id))[0]).toMatchObject({ state: 'pending' });
  });

  it('carries each client as the change left it', async () => {
    const { cookie, endpoint, portalId } = await ownerWithEndpoint(['client.added']);
    const imported = await postCsv(t.app, `/api/v1/portals/${portalId}/import`, cookie, 'Client ID,Name,Email,Status\nC-1,Ann Lee,ann@example.com,Waiting\nC-2,Bo Chan,bo@example.com,Done\n');
    expect(imported.statusCode, imported.body).toBe(200);
    await t.app.ctx.jobs.runDue();
    const sent = receiver.received.map((r) => verify(endpoint.secret, r).data.client as { id: string }).sort((a, b) => a.id.localeCompare(b.id));
    expect(sent).toEqual([
      expect.objectContaining({ id: 'C-1', name: 'Ann Lee', email: 'ann@example.com', status: 'Waiting' }),
      expect.objectContaining({ id: 'C-2', name: 'Bo Chan', email: 'bo@example.com', status: 'Done' }),
    ]);
  });

  it('announces a failed sync once (sync.failed), with its run, reason and trigger, in the transaction that records it', async () => {
    const { cookie, endpoint, portalId } = await ownerWithEndpoint(['sync.failed']);
    const failed = await postCsv(t.app, `/api/v1/portals/${portalId}/import`, cookie, 'Nickname,Colour\nAnn,Blue\n');
    expect(failed.statusCode, failed.body).toBe(422);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
    const payload = verify(endpoint.secret, receiver.received[0]!);
    expect(payload).toMatchObject({ type: 'sync.failed', data: { portalId, trigger: 'upload', error: failed.json().error.message } });
    const runs = (await request(t.app, 'GET', `/api/v1/portals/${portalId}/syncs`, cookie)).json().syncs as { id: string; status: string }[];
    expect(runs).toMatchObject([{ id: payload.data.syncRunId, status: 'failed' }]);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received).toHaveLength(1);
  });

  it("writes one job per endpoint for a change's deliveries; a delivery held by a run that died goes after its lease", async () => {
    const { endpoint, portalId } = await ownerWithEndpoint();
    await record([statusChanged(portalId), statusChanged(portalId, 'C-2'), statusChanged(portalId, 'C-3')]);
    expect(await t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'))).toHaveLength(1);
    // Another run claims one of them and dies before posting it.
    const [held] = await claimDueDeliveries(t.app.ctx.db, { endpointId: endpoint.id, now: t.clock.now(), leaseMs: 10 * MIN, limit: 1 });
    await t.app.ctx.jobs.runDue();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).not.toContain(held!.id);
    expect(receiver.received).toHaveLength(2);
    t.clock.advance(10 * MIN);
    await t.app.ctx.jobs.runDue();
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toContain(held!.id);
    expect(receiver.received).toHaveLength(3);
  });

  it('does not post a delivery whose lease ran too short while it waited its turn; it goes once, after the lease', async () => {
    // A receiver that answers at once, but the first request takes the app clock to 30 s before the run's lease ends:
    // the ten first deliveries are in flight, the eleventh must not go before its lease is over.
    let lease = 0;
    const ids: string[] = [];
    const server = http.createServer((req, res) => {
      if (ids.length === 0) t.clock.set(lease - 30 * S);
      ids.push(String(req.headers['webhook-id']));
      req.resume().on('end', () => res.end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const owner = await businessWithPortal(t.app);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const created = await request(t.app, 'POST', '/api/v1/webhooks', owner.cookie, { url, events: ['client.status_changed'] });
      expect(created.statusCode, created.body).toBe(201);
      lease = t.clock.nowMs() + 10 * MIN;
      await record(Array.from({ length: 11 }, (_, n) => statusChanged(owner.portalId, `C-${n}`)));
      await t.app.ctx.jobs.runDue();
      expect(ids).toHaveLength(10);
      const [left] = await t.app.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.state, 'pending'));
      expect(left).toMatchObject({ attempts: 0, nextAttemptAt: new Date(lease) });
      t.clock.set(lease);
      await t.app.ctx.jobs.runDue();
      expect(ids).toHaveLength(11);
      expect(new Set(ids).size).toBe(11);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('resends to a disabled endpoint are each tried (and each fail, said so), the second not dropped', async () => {
    const { cookie, endpoint, portalId } = await ownerWithEndpoint();
    await record([statusChanged(portalId)]);
    await t.app.ctx.jobs.runDue();
    const [d] = await deliveries(cookie, endpoint.id);
    expect(d).toMatchObject({ state: 'delivered', attempts: 1 });
    expect((await request(t.app, 'PATCH', `/api/v1/webhooks/${endpoint.id}`, cookie, { enabled: false })).statusCode).toBe(200);
    t.clock.advance(t.app.ctx.env.WEBHOOK_ENDPOINT_CACHE_MS); // the delivery runs' endpoint cache sees it disabled
    for (let i = 0; i < 2; i += 1) {
      expect((await request(t.app, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${d.id}/resend`, cookie, {})).statusCode).toBe(202);
      await t.app.ctx.jobs.runDue();
      expect((await deliveries(cookie, endpoint.id))[0]).toMatchObject({ state: 'failed', attempts: 1, error: 'The endpoint is disabled, so this delivery was not sent.' });
    }
    expect(receiver.received).toHaveLength(1);
  });

  it("a failed attempt's next time is not written over another run's claim of the delivery", async () => {
    const { endpoint, portalId } = await ownerWithEndpoint();
    await record([statusChanged(portalId)]);
    const [held] = await claimDueDeliveries(t.app.ctx.db, { endpointId: endpoint.id, now: t.clock.now(), leaseMs: 10 * MIN, limit: 1 });
    // The lease ran out and another run claimed the delivery meanwhile.
    const otherLease = new Date(t.clock.nowMs() + 25 * MIN);
    await t.app.ctx.db.update(webhookDeliveries).set({ nextAttemptAt: otherLease }).where(eq(webhookDeliveries.id, held!.id));
    const deps = { db: t.app.ctx.db, clock: t.clock, logger: pino({ level: 'silent' }) } as unknown as AttemptDeps;
    await recordUnexpectedFailure(deps, held!, new Error('secret unreadable'));
    const [row] = await t.app.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, held!.id));
    expect(row).toMatchObject({ state: 'pending', attempts: 1, nextAttemptAt: otherLease });
  });

  it("a success that could not be recorded leaves the endpoint's failing streak (the delivery goes again when its lease runs out)", async () => {
    const { endpoint, portalId } = await ownerWithEndpoint();
    const failingSince = new Date(t.clock.nowMs() - DAY);
    await t.app.ctx.db.update(webhookEndpoints).set({ failingSince }).where(eq(webhookEndpoints.id, endpoint.id));
    await record([statusChanged(portalId)]);
    const [held] = await claimDueDeliveries(t.app.ctx.db, { endpointId: endpoint.id, now: t.clock.now(), leaseMs: 10 * MIN, limit: 1 });
    const ctx = t.app.ctx;
    const endpoints = createEndpointCache(ctx.db, ctx.env.BETTER_AUTH_SECRET ?? '', { clock: t.clock, maxAgeMs: 0 });
    const unrecorded = { record: async () => false };
    const deps = { db: ctx.db, clock: t.clock, env: ctx.env, logger: pino({ level: 'silent' }), timeoutMs: 300, endpoints, delivered: unrecorded } as unknown as AttemptDeps;
    const attempted = await attemptDelivery(deps, held!);
    expect(await attempted?.written).toBe(false);
    expect(receiver.received).toHaveLength(1);
    expect((await endpointRow(endpoint.id)).failingSince?.toISOString()).toBe(failingSince.toISOString());
  });

  it('sends a test event on demand, and resends a delivery with the same message id', async () => {
    const { cookie, endpoint } = await ownerWithEndpoint();
    const test = await request(t.app, 'POST', `/api/v1/webhooks/${endpoint.id}/test`, cookie, {});
    expect(test.statusCode).toBe(202);
    await t.app.ctx.jobs.runDue();
    const first = receiver.received.at(-1)!;
    expect(verify(endpoint.secret, first).type).toBe('webhook.test');
    const [d] = await deliveries(cookie, endpoint.id);
    expect(d).toMatchObject({ id: test.json().deliveryId, test: true, state: 'delivered' });

    const resent = await request(t.app, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${d.id}/resend`, cookie, {});
    expect(resent.statusCode).toBe(202);
    expect((await request(t.app, 'POST', `/api/v1/webhooks/${endpoint.id}/deliveries/${d.id}/resend`, cookie, {})).statusCode).toBe(409);
    t.clock.advance(S);
    await t.app.ctx.jobs.runDue();
    const again = receiver.received.at(-1)!;
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(again.body).toBe(first.body);
    verify(endpoint.secret, again);
    expect((await deliveries(cookie, endpoint.id))[0]).toMatchObject({ state: 'delivered', attempts: 2 });
  });
});
