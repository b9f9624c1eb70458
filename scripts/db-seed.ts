// npm run db:seed: seeds the demo portal (/portal/demo) into DATABASE_URL, or the embedded database in DATA_DIR
// (run it while the server is stopped: the embedded folder is used by one process at a time). The server also
// seeds it at start unless SEED_DEMO=false. Safe to run again: an existing demo portal is left as it is.
import pino from 'pino';
import { databaseOptionsFromEnv, openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { seedDemo } from '../src/server/db/seed/seed-demo';
import { loadDotEnv, loadEnv } from '../src/server/env';

loadDotEnv();
const env = loadEnv();
const logger = pino({ level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
try {
  const database = await openDatabase(databaseOptionsFromEnv(env));
  try {
    await runMigrations(database);
    const result = await seedDemo({ database, env, logger });
    console.log(result === 'seeded' ? 'Seeded the demo portal: /portal/demo' : 'The demo portal is already there: /portal/demo');
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
