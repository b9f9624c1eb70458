// npm run db:move-to-postgres DATABASE_URL: copies everything from the embedded database in DATA_DIR into an empty
// PostgreSQL database (all or nothing), for the business that outgrows one machine (decision 15). The embedded
// database is left as it was. Stop the server first.
import path from 'node:path';
import { describeCounts } from '../src/server/db/backup/row-counts';
import { moveToPostgres } from '../src/server/db/backup/move-to-postgres';
import { loadDotEnv, loadEnv } from '../src/server/env';

loadDotEnv();
const env = loadEnv();
const url = process.argv[2];
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('Usage: npm run db:move-to-postgres -- postgres://user:pass@host:5432/database');
  process.exit(1);
}
try {
  console.log(`Copying the embedded database in ${env.DATA_DIR} to PostgreSQL...`);
  const started = Date.now();
  const result = await moveToPostgres(env.DATA_DIR, url, (line) => console.log(line));
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${describeCounts(result.counts)}.`);
  console.log('Next: set DATABASE_URL to that address, and BETTER_AUTH_SECRET to the value in ' +
    `${path.join(env.DATA_DIR, 'auth-secret')} (unless it is set already) on every instance, then start them.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
