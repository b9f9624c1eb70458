// Runs one import in its own process, for the crash test: `node --import tsx tests/support/import-child.ts`
// with IMPORT_CHILD = JSON { mode: 'setup' | 'seed' | 'import', kind, dataDir?, url?, rows, variant }.
// 'setup' migrates (embedded), creates an owner, a business and a portal; 'seed' does that and imports; 'import'
// imports again and
// prints each progress step ("PROGRESS writing 5000 40000"), so the parent can kill it mid-transaction.
import pino from 'pino';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { businessProfiles, portals, users } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { runSync } from '../../src/server/services/sheet-sync/run-sync';
import { onSyncProgress } from '../../src/server/services/sheet-sync/sync-progress';
import { makeSheet } from './make-sheet';
import { createClientEventLog } from '../../src/server/services/client-events/client-event-log';
import { systemClock } from '../../src/server/lib/clock';

interface ChildConfig {
  mode: 'setup' | 'seed' | 'import';
  kind: 'pglite' | 'postgres';
  dataDir?: string;
  url?: string;
  rows: number;
  variant: number;
}

export const CHILD_PORTAL_ID = 'portal_crashtest';
const config = JSON.parse(process.env.IMPORT_CHILD ?? '{}') as ChildConfig;
const database = await openDatabase(config.kind === 'postgres' ? { kind: 'postgres', url: config.url!, max: 2 } : { kind: 'pglite', dataDir: config.dataDir! });
const { db } = database;
if (config.mode === 'seed' || config.mode === 'setup') {
  if (config.kind === 'pglite') await runMigrations(database);
  await db.insert(users).values({ id: 'u-crash', name: 'Crash Owner', email: 'crash@example.com' }).onConflictDoNothing();
  await db
    .insert(businessProfiles)
    .values({ id: 'b-crash', userId: 'u-crash', companyName: 'Crash Co', ownerName: 'Crash Owner', email: 'crash@example.com', plan: 'business' })
    .onConflictDoNothing();
  await db.insert(portals).values({ id: CHILD_PORTAL_ID, businessId: 'b-crash', name: 'Crash' }).onConflictDoNothing();
}
if (config.mode === 'setup') {
  await database.close();
  process.stdout.write('DONE setup\n');
  process.exit(0);
}
const [portal] = await db.select().from(portals).where(eq(portals.id, CHILD_PORTAL_ID));
onSyncProgress((_run, p) => {
  process.stdout.write(`PROGRESS ${p.phase} ${p.rowsProcessed} ${p.rowsTotal}\n`);
});
const env = loadEnv({ NODE_ENV: 'test', BETTER_AUTH_SECRET: 'x'.repeat(40) });
const result = await runSync(
  { db, database, env, logger: pino({ level: 'silent' }), clientEvents: createClientEventLog(), clock: systemClock },
  {
    portalId: portal!.id,
    businessId: portal!.businessId,
    timeZone: 'UTC',
    trigger: 'upload',
    confirmDrop: true,
    upload: { bytes: Buffer.from(makeSheet(config.rows, 42, config.variant)) },
  },
);
process.stdout.write(`DONE ${result.run.imported} ${result.run.updated}\n`);
await database.close();
