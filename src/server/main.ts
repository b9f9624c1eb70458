import pino from 'pino';
import { buildApp } from './app';
import { databaseOptionsFromEnv, openDatabase } from './db/client';
import { startControlSocket } from './db/backup/control-socket';
import { DataDirInUseError } from './db/lock';
import { runMigrations } from './db/migrate';
import { seedDemo } from './db/seed/seed-demo';
import { EnvError, loadDotEnv, loadEnv } from './env';
import { createReadiness } from './lib/readiness';
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

  const readiness = createReadiness();
  const app = await buildApp({ env, database, logger, readiness });
  // The embedded database: npm run db:backup gets a consistent dump from this process (it holds the folder).
  const backupSocket = database.pglite ? await startControlSocket(env.DATA_DIR, database.pglite, logger) : null;
  let closing = false;
  let endDrain: (() => void) | undefined;
  /**
   * SIGTERM (a deployment, a rolling restart): the ready probe answers 503 at once and requests are still served
   * for SHUTDOWN_DRAIN_SECONDS, so the load balancer stops sending here first; then the server stops listening, lets
   * the requests in flight finish, stops the jobs and closes the database. SIGINT (Ctrl-C) skips the wait, and so
   * does a second signal during it.
   */
  const shutdown = async (signal: string) => {
    if (closing) {
      endDrain?.();
      return;
    }
    closing = true;
    readiness.startDraining();
    const drainMs = signal === 'SIGTERM' ? env.SHUTDOWN_DRAIN_SECONDS * 1000 : 0;
    logger.info({ signal, drainSeconds: drainMs / 1000 }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, drainMs + 15_000);
    force.unref();
    try {
      await new Promise<void>((resolve) => {
        endDrain = resolve;
        setTimeout(resolve, drainMs);
      });
      logger.info('drained: closing');
      await app.close(); // stops accepting, lets in-flight requests finish
      await backupSocket?.close();
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
