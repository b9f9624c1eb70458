// npm run admin:create -- --email X [--password Y] [--name Z]
// Creates a platform operator, or promotes an existing account to the admin role.
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { isEmail } from '@core/validation/email';
import { passwordSchema } from '@core/validation/auth';
import { passwordPolicyFromSettings } from '@core/validation/admin-settings';
import { createAuth } from '../src/server/auth/create-auth';
import { passwordWeakness } from '@core/validation/password-strength';
import { databaseOptionsFromEnv, openDatabase } from '../src/server/db/client';
import { DataDirInUseError } from '../src/server/db/lock';
import { runMigrations } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { loadDotEnv, loadEnv } from '../src/server/env';
import { systemClock } from '../src/server/lib/clock';
import { createMailer } from '../src/server/integrations/mail/mailer';
import { memoryRateStore } from '../src/server/lib/rate-store';
import { resolveAuthSecret } from '../src/server/secret';
import { recordActivity } from '../src/server/services/activity/record-activity';
import { createSettingsCache } from '../src/server/services/platform-settings/settings-cache';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    allowPositionals: false,
  });
  const email = values.email?.trim().toLowerCase();
  if (!email || !isEmail(email)) fail('Usage: npm run admin:create -- --email you@example.com [--password "..."] [--name "..."]');

  loadDotEnv();
  const env = loadEnv();
  env.BETTER_AUTH_SECRET = resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR).secret;
  const logger = pino({ level: 'warn' });
  let database;
  try {
    database = await openDatabase(databaseOptionsFromEnv(env));
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      fail(
        `${err.message}\nOn the embedded database this command runs while the server is stopped ` +
          '(or set DATABASE_URL to use PostgreSQL, where it can run at any time).',
      );
    }
    throw err;
  }
  try {
    await runMigrations(database);
    const db = database.db;
    const [existing] = await db.select().from(users).where(eq(users.email, email));
    if (existing) {
      if (existing.role === 'admin') {
        console.log(`${email} is already a platform operator.`);
      } else {
        await db.transaction(async (tx) => {
          await tx.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, existing.id));
          await recordActivity(tx, { type: 'admin.role_granted', actorUserId: null, detail: { userId: existing.id, email, via: 'admin:create' } });
        });
        console.log(`${email} is now a platform operator.`);
      }
      if (values.password) console.log('The existing password was left unchanged.');
      return;
    }
    const settings = createSettingsCache(db, { clock: systemClock, maxAgeMs: env.SETTINGS_CACHE_MS });
    const s = await settings.get();
    let password = values.password;
    let generated = false;
    if (password) {
      const check = passwordSchema(passwordPolicyFromSettings(s.security)).safeParse(password);
      if (!check.success) fail(check.error.issues[0]?.message ?? 'Password not allowed');
      const weakness = await passwordWeakness(password, [email]);
      if (weakness) fail(weakness);
    } else {
      password = `${crypto.randomBytes(12).toString('base64url')}-7!`;
      generated = true;
    }
    const auth = createAuth({
      env,
      db,
      logger,
      mailer: createMailer({ from: 'no-reply@statuslink.app', logger }),
      rateStore: memoryRateStore(),
      settings,
    });
    const name = values.name?.trim() || 'Platform Operator';
    const result = await auth.api.createUser({ body: { email, password, name, role: 'admin' } });
    await recordActivity(db, { type: 'admin.role_granted', detail: { userId: result.user.id, email, via: 'admin:create' } });
    console.log(`Created platform operator ${email}.`);
    if (generated) console.log(`Password (shown once, change it after signing in): ${password}`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
