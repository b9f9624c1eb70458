// npm run db:backup [FILE]: a consistent backup of the database in one file (decision 15).
// Embedded (no DATABASE_URL): a dump of DATA_DIR's database, made by the running server when one holds the folder,
// and read back to check it restores. PostgreSQL: pg_dump --format=custom (pg_dump must be on PATH).
import { describeCounts } from '../src/server/db/backup/row-counts';
import { backupDatabase, defaultBackupFile } from '../src/server/db/backup/backup-database';
import { loadDotEnv, loadEnv } from '../src/server/env';

loadDotEnv();
const env = loadEnv();
const location = { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR };
try {
  const result = await backupDatabase(location, process.argv[2] ?? defaultBackupFile(location));
  const what = env.DATABASE_URL ? 'PostgreSQL (pg_dump)' : `the embedded database in ${env.DATA_DIR}${result.via === 'running server' ? ' (dumped by the running server)' : ''}`;
  console.log(`Backed up ${what} to ${result.file} (${(result.bytes / 1e6).toFixed(1)} MB): ${describeCounts(result.counts)}.`);
  console.log('Keep the auth secret with your backups (BETTER_AUTH_SECRET, or DATA_DIR/auth-secret): without it, sessions end and saved integration keys must be entered again.');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
