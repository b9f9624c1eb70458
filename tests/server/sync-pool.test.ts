import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { businessProfiles, portals, syncRuns, users } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { runSync } from '../../src/server/services/sheet-sync/run-sync';
import { makeSheet } from '../support/make-sheet';
import { createTestDatabase, testDbKind } from '../support/test-database';
import { createClientEventLog } from '../../src/server/services/client-events/client-event-log';
import { systemClock } from '../../src/server/lib/clock';

// PostgreSQL's connection pool and the sync's transaction (review of 2026-11-22): the apply holds one connection for
// its transaction; anything it awaited on another connection (its progress writes) deadlocked the pool once as many
// imports wrote at once as the pool has connections. Here the pool has ONE connection and progress is written after
// every batch: a sync that waits inside its transaction for a second connection never finishes.
vi.setConfig({ testTimeout: 60_000 });

const env = loadEnv({ NODE_ENV: 'test', BETTER_AUTH_SECRET: 'x'.repeat(40) });
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  if (testDbKind !== 'postgres') return;
  database = await createTestDatabase({ max: 1 });
  await database.db.insert(users).values({ id: 'u-pool', name: 'Pool', email: 'pool@example.com' });
  await database.db.insert(businessProfiles).values({ id: 'b-pool', userId: 'u-pool', companyName: 'Pool Co', ownerName: 'Pool', email: 'pool@example.com', plan: 'business' });
  await database.db.insert(portals).values({ id: 'portal_pool', businessId: 'b-pool', name: 'Pool' });
});
afterAll(async () => {
  await database?.drop();
});

describe.skipIf(testDbKind !== 'postgres')('a sync on a pool with one connection', () => {
  it('writes its progress without waiting for a second connection inside its transaction, and finishes', async () => {
    const csv = Buffer.from(makeSheet(12_000, 7, 0)); // three COPY batches, a progress write after each
    const deps = { db: database.db, database, env, logger: pino({ level: 'silent' }), progressWriteMs: 0, clientEvents: createClientEventLog(), clock: systemClock };
    const sync = runSync(deps, { portalId: 'portal_pool', businessId: 'b-pool', timeZone: 'UTC', trigger: 'upload', upload: { bytes: csv } }).then(
      (r) => r.run.status,
      (e: unknown) => `failed: ${(e as Error).message}`,
    );
    const stuck = new Promise<string>((resolve) => setTimeout(() => resolve('still waiting after 25 s'), 25_000).unref());
    expect(await Promise.race([sync, stuck])).toBe('ok');
    const [run] = await database.db.select().from(syncRuns);
    expect(run).toMatchObject({ status: 'ok', phase: 'done', imported: 12_000 });
  });
});
