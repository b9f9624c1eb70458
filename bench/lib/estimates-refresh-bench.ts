// A 100,000-client portal's estimate refresh on the embedded database (issue 20: ranges computed in the sync's budget),
// beside the queue recompute of the same portal in the same run (the sync's own step that positions every client and
// writes what changed): both from scratch (every row written) and again on unchanged data (nothing written).
import { sql } from 'drizzle-orm';
import { addCalendarDays } from '../../src/core/dates';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { businessProfiles, clientEvents, clients, portals, users } from '../../src/server/db/schema';
import { manualClock } from '../../src/server/lib/clock';
import { refreshPortalEstimates } from '../../src/server/services/estimates/refresh-estimates';
import { createPortalMetaCache } from '../../src/server/services/portal-lookup/portal-meta-cache';
import { createClientEventLog } from '../../src/server/services/client-events/client-event-log';
import { queueRefreshActor, recomputeQueue } from '../../src/server/services/sheet-sync/recompute-queue';

const CLIENTS = Number(process.env.BENCH_ESTIMATE_REFRESH_CLIENTS ?? 100_000);
const PORTAL = 'portal_estimates01';
const BATCH = 2000;
/** Completions a working day in the history (about the pace a 100,000-client queue needs to be worked through). */
const PER_DAY = 40;

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

export async function refreshBench(): Promise<void> {
  const database = await openDatabase({ kind: 'pglite' });
  await runMigrations(database);
  const { db } = database;
  const clock = manualClock('2026-03-04T15:00:00Z');
  await db.insert(users).values({ id: 'u-bench', name: 'Bench', email: 'bench@example.com' });
  await db.insert(businessProfiles).values({ id: 'b-bench', userId: 'u-bench', companyName: 'Bench Co', ownerName: 'Bench', email: 'bench@example.com', plan: 'business', timeZone: 'UTC' });
  await db.insert(portals).values({ id: PORTAL, businessId: 'b-bench', name: 'Bench', createdAt: new Date('2025-06-01T00:00:00Z') });
  for (let i = 0; i < CLIENTS; i += BATCH) {
    const rows = [];
    for (let k = i; k < Math.min(CLIENTS, i + BATCH); k += 1) {
      const email = `client${k}@example.com`;
      rows.push({ portalId: PORTAL, clientId: `C-${k}`, row: k + 2, name: `Client ${k}`, email, emailNormalized: email, nameNormalized: `client ${k}`, status: 'Pending', priority: k % 10 === 0 ? '1' : '3', raw: {}, contentHash: String(k) });
    }
    await db.insert(clients).values(rows);
  }
  // 90 days of completions at about PER_DAY a weekday (clients long done, not in the queue).
  const events = [];
  for (let d = 1; d <= 90; d += 1) {
    const day = addCalendarDays('2026-03-04', -d);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const n = PER_DAY - 10 + ((d * 7) % 21);
    for (let j = 0; j < n; j += 1) events.push({ portalId: PORTAL, clientId: `OLD-${d}-${j}`, type: 'client.completed' as const, occurredAt: new Date(`${day}T14:00:00Z`), actor: 'system:bench', data: { status: 'Completed' } });
  }
  for (let i = 0; i < events.length; i += BATCH) await db.insert(clientEvents).values(events.slice(i, i + BATCH));
  await db.execute(sql`analyze`);

  const portalMeta = createPortalMetaCache({ db, clock, ttlMs: 1000 });
  const recomputeCtx = { db, clock, clientEvents: createClientEventLog(), portalMeta, syncCapabilities: { oneTransactionAtATime: true, copy: false } };
  const recompute = await timed(() => recomputeQueue(recomputeCtx, PORTAL, 'UTC', { actor: queueRefreshActor }));
  const refresh = await timed(() => refreshPortalEstimates(recomputeCtx, PORTAL));
  clock.advance(60_000);
  const recomputeAgain = await timed(() => recomputeQueue(recomputeCtx, PORTAL, 'UTC', { actor: queueRefreshActor }));
  const refreshAgain = await timed(() => refreshPortalEstimates(recomputeCtx, PORTAL));
  const r = refresh.value!;
  console.log(`\nRefresh: a portal of ${CLIENTS.toLocaleString('en-US')} queued clients on the embedded database (PGlite), ${events.length.toLocaleString('en-US')} completions in its history (${r.basis} basis)`);
  console.log(`  baseline: queue recompute, every row written          ${recompute.ms.toFixed(0).padStart(7)} ms  1.00x  (${recompute.value} rows)`);
  console.log(`  estimate refresh, every row and the day's snapshot    ${refresh.ms.toFixed(0).padStart(7)} ms  ${(refresh.ms / recompute.ms).toFixed(2)}x  (${r.written} rows, ${r.events} events, snapshot ${r.snapshot})`);
  console.log(`  baseline: queue recompute, nothing changed            ${recomputeAgain.ms.toFixed(0).padStart(7)} ms  1.00x  (${recomputeAgain.value} rows)`);
  console.log(`  estimate refresh, nothing changed                     ${refreshAgain.ms.toFixed(0).padStart(7)} ms  ${(refreshAgain.ms / recomputeAgain.ms).toFixed(2)}x  (${refreshAgain.value!.written} rows)`);
  await database.close();
}
