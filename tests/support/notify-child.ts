// An app instance in its own process that only sends client notifications, for the crash test:
// `node --import tsx tests/support/notify-child.ts` with NOTIFY_CHILD = JSON { url, smtpUrl }. It prints READY and
// works the queue until it is killed.
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';

const config = JSON.parse(process.env.NOTIFY_CHILD ?? '{}') as { url: string; smtpUrl: string };
const database = await openDatabase({ kind: 'postgres', url: config.url, max: 3 });
const env = loadEnv({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123', SMTP_URL: config.smtpUrl, MAIL_FROM: 'updates@statuslink.test', SEED_DEMO: 'false' });
const app = await buildApp({ env, database, logger: pino({ level: 'silent' }), serveWeb: false, startJobs: false });
await app.ready();
app.ctx.jobs.start({ pollMs: 20, batch: 20 });
process.stdout.write('READY\n');
