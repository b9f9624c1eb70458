import pino from 'pino';
import { buildApp } from './app';
import { databaseOptionsFromEnv, openDatabase } from './db/client';
import { DataDirInUseError } from './db/lock';
import { runMigrations } from './db/migrate';
import { seedDemo } from './db/seed/seed-demo';
import { EnvError, loadDotEnv, loadEnv } from './env';
import { resolveAuthSecret } from './secret';
import { addressToOpen, listenLines } from './lib/start-address';

async function main() {
  loadDotEnv();
  const env = loadEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  const { secret, generated } = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
  if (generated) logger.warn(`BETTER_AUTH_SECRET is not set: generated one in ${env.DATA_DIR}/auth-secret`);
  env.BETTER_AUTH_SECRET = secret;

  const database = await openDatabase(databaseOptionsFromEnv(env));
  logger.info(database.kind === 'pglite' ? `Database: embedded PGlite in ${env.DATA_DIR}` : 'Database: PostgreSQL (DATABASE_URL)');
  await runMigrations(database);
  // The demo portal (/portal/demo) on a fresh install; SEED_DEMO=false skips it. A failure never stops the start.
  if (env.SEED_DEMO) await seedDemo({ database, env, logger }).catch((err: unknown) => logger.warn({ err }, 'could not seed the demo portal'));

  const app = await buildApp({ env, database, logger });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close(); // stops accepting, lets in-flight requests finish
      await database.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST, listenTextResolver: listenLines(addressToOpen(env)) });
  if (!env.APP_URL_SET) {
    logger.warn(`APP_URL is not set: links in e-mails point to ${env.APP_URL}. Set APP_URL to the address people open.`);
  }
}

main().catch((err) => {
  if (err instanceof EnvError || err instanceof DataDirInUseError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
