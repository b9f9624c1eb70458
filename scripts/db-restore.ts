// npm run db:restore FILE [--replace]: puts a backup of npm run db:backup back (decision 15).
// Embedded: refused while the server runs; the data it replaces is kept aside in DATA_DIR. PostgreSQL: pg_restore
// in one transaction, refused while instances are connected, and over existing data only with --replace.
import { describeCounts } from '../src/server/db/backup/row-counts';
import { restoreDatabase } from '../src/server/db/backup/restore-database';
import { loadDotEnv, loadEnv } from '../src/server/env';

loadDotEnv();
const env = loadEnv();
const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) {
  console.error('Usage: npm run db:restore -- FILE [--replace]');
  process.exit(1);
}
try {
  const result = await restoreDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }, file, { replace: args.includes('--replace') });
  console.log(`Restored ${file} into ${env.DATABASE_URL ? 'PostgreSQL' : `the embedded database in ${env.DATA_DIR}`}: ${describeCounts(result.counts)}.`);
  if (result.keptAside) console.log(`The data it replaced is kept in ${result.keptAside}; delete that folder once you are satisfied.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
