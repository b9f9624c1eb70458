// npm run db:migrate: applies the committed migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
import { databaseOptionsFromEnv, openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { loadDotEnv, loadEnv } from '../src/server/env';

loadDotEnv();
const env = loadEnv();
try {
  const database = await openDatabase(databaseOptionsFromEnv(env));
  try {
    await runMigrations(database);
    console.log(`Migrations applied (${database.kind === 'pglite' ? `embedded database in ${env.DATA_DIR}` : 'PostgreSQL'}).`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
