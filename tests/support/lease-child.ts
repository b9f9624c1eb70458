// Holds a portal's sync lease in its own process, as an instance in the middle of a sync would, until it is
// killed: `node --import tsx tests/support/lease-child.ts` with LEASE_CHILD = JSON { url, portalId }. Prints
// "HELD <token>" once the lease is taken and its run recorded as running.
import { openDatabase } from '../../src/server/db/client';
import { syncRuns } from '../../src/server/db/schema';
import { acquireSyncLease } from '../../src/server/services/sheet-sync/sync-lease';

const config = JSON.parse(process.env.LEASE_CHILD ?? '{}') as { url: string; portalId: string };
const database = await openDatabase({ kind: 'postgres', url: config.url, max: 1 });
const token = await acquireSyncLease(database.db, config.portalId);
if (!token) {
  process.stdout.write('NOT HELD\n');
  process.exit(1);
}
await database.db.insert(syncRuns).values({ portalId: config.portalId, trigger: 'upload', sourceType: 'csv_upload', phase: 'writing' });
process.stdout.write(`HELD ${token}\n`);
setInterval(() => {}, 60_000);
