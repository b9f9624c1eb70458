import type { Server } from 'node:http';
import pino from 'pino';
import { databaseOptionsFromEnv, openDatabase } from './db/client';
import { DataDirInUseError } from './db/lock';
import { EnvError, loadDotEnv, loadEnv } from './env';
import { createReadiness } from './lib/readiness';
import { createStartingServer } from './lib/starting-server';
import { resolveAuthSecret } from './secret';
import { addressToOpen, listenLines, listeningAddresses } from './lib/start-address';

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function main() {
  const startedAt = Date.now();
  loadDotEnv();
  const env = loadEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  // Listening before anything slow (decision 0020): the health probes answer at once, the app once it is built.
  const starting = createStartingServer(env.DATABASE_URL ? 'postgres' : 'pglite', startedAt);
  await listen(starting.server, env.PORT, env.HOST);
  const { secret, generated } = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR);
  if (generated) logger.warn(`BETTER_AUTH_SECRET is not set: generated one in ${env.DATA_DIR}/auth-secret`);
  env.BETTER_AUTH_SECRET = secret;

  const database = await openDatabase(databaseOptionsFromEnv(env));
  logger.info(database.kind === 'pglite' ? `Database: embedded PGlite in ${env.DATA_DIR}` : 'Database: PostgreSQL (DATABASE_URL)');
  // The app's modules load while the probes are answered (loaded first, they had kept the port closed meanwhile).
  const [{ buildApp }, { runMigrations }, { seedDemo }, { startControlSocket }] = await Promise.all([
    import('./app'),
    import('./db/migrate'),
    import('./db/seed/seed-demo'),
    import('./db/backup/control-socket'),
  ]);
  await runMigrations(database);
  // The demo portal (/portal/demo) on a fresh install; SEED_DEMO=false skips it. A failure never stops the start.
  if (env.SEED_DEMO) await seedDemo({ database, env, logger }).catch((err: unknown) => logger.warn({ err }, 'could not seed the demo portal'));

  const readiness = createReadiness();
  let appHandler: Parameters<typeof starting.handOver>[0] | undefined;
  const app = await buildApp({
    env,
    database,
    logger,
    readiness,
    serverFactory: (handler) => {
      appHandler = handler;
      return starting.server;
    },
  });
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
      // Stops accepting and lets requests in flight finish, then the jobs stop.
      await new Promise<void>((resolve) => starting.server.close(() => resolve()));
      await app.close();
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

  // Ready (onReady hooks run: the recovery at start, if any, goes on in the background): the app takes every request.
  await app.ready();
  starting.handOver(appHandler!);
  const line = listenLines(addressToOpen(env));
  for (const address of listeningAddresses(env.HOST, env.PORT)) logger.info(line(address));
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
