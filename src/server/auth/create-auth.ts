import { randomUUID } from 'node:crypto';
import { betterAuth, type BetterAuthPlugin } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { admin, twoFactor } from 'better-auth/plugins';
import { getCurrentAdapter } from '@better-auth/core/context';
import type { Logger } from 'pino';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { messages } from '@core/messages';
import { IMPERSONATION_MINUTES, type PasswordPolicy, passwordSchema, RESET_LINK_MINUTES, signupRequestSchemaFor, userUpdateSchema } from '@core/validation/auth';
import type { Db } from '../db/client';
import { accounts, activityEvents, businessProfiles, sessions, twoFactors, users, verifications } from '../db/schema';
import type { Env } from '../env';
import type { Mailer } from '../integrations/mail/mailer';
import type { RateStore } from '../lib/rate-store';
import { recordActivity } from '../services/activity/record-activity';
import { type PlatformSettings, passwordPolicyFromSettings } from '@core/validation/admin-settings';
import type { SettingsCache } from '../services/platform-settings/settings-cache';
import { passwordWeakness } from '@core/validation/password-strength';
import { sendTemplateEmail } from '../services/email-templates/send-template-email';
import { templateCacheFor } from '../services/email-templates/template-cache';
import { renderPasswordResetEmail } from './emails';
import { verificationStorage } from './reset-token';
import { storableTimeZone } from '../services/business/time-zone';

/** Header the Fastify bridge sets to the client's address (as Fastify sees it, honouring TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-statuslink-client-ip';
/** Header the Fastify bridge sets to the origin the request was sent to (scheme and Host, as Fastify sees them). */
export const SITE_ORIGIN_HEADER = 'x-statuslink-site-origin';

/** How long an operator's "Login as this business" lasts. */
export const IMPERSONATION_SECONDS = IMPERSONATION_MINUTES * 60;

export const authLimits = {
  /**
   * Failed sign-ins before a throttle: per account and address, so that guessing from one address never locks the
   * owner out from their own (decision 0012); per account from all addresses, against guessing spread wide.
   */
  failedSignInsPerAccountAndAddress: 10,
  failedSignInsPerAccount: 100,
  failedSignInWindowMs: 15 * 60_000,
  /** Auth e-mails: one per address per minute, at most five an hour. */
  mailCooldownMs: 60_000,
  mailHourlyCap: 5,
};

export interface AuthDeps {
  env: Env;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  rateStore: RateStore;
  settings: SettingsCache;
}

const policyOf = (s: PlatformSettings): PasswordPolicy => passwordPolicyFromSettings(s.security);

function badRequest(message: string, code = 'VALIDATION_ERROR'): APIError {
  return new APIError('BAD_REQUEST', { code, message });
}

/** Checks a new password against the platform policy and how easy it is to guess (`related`: the account's own words). */
async function assertPasswordAllowed(password: unknown, settings: PlatformSettings, related: readonly string[] = []) {
  const parsed = passwordSchema(policyOf(settings)).safeParse(password);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? messages.password.required, 'WEAK_PASSWORD');
  const weakness = await passwordWeakness(parsed.data, related);
  if (weakness) throw badRequest(weakness, 'WEAK_PASSWORD');
}

/** Registers the business profile with better-auth's adapter, so it can be written inside its transaction. */
const businessProfileSchemaPlugin = {
  id: 'statuslink-business',
  schema: {
    businessProfile: {
      modelName: 'businessProfile',
      fields: {
        userId: { type: 'string', required: true, references: { model: 'user', field: 'id', onDelete: 'cascade' } },
        companyName: { type: 'string', required: true },
        ownerName: { type: 'string', required: true },
        email: { type: 'string', required: true },
        phone: { type: 'string', required: false },
        plan: { type: 'string', required: true },
        status: { type: 'string', required: true },
        timeZone: { type: 'string', required: true },
        trialEndsAt: { type: 'date', required: false },
        createdAt: { type: 'date', required: true },
        updatedAt: { type: 'date', required: true },
      },
    },
    // The audit row of an impersonation is written in the same transaction as its session change
    // (services/admin/impersonation.ts).
    activityEvent: {
      modelName: 'activityEvent',
      fields: {
        type: { type: 'string', required: true },
        actorUserId: { type: 'string', required: false },
        businessId: { type: 'string', required: false },
        ipAddress: { type: 'string', required: false },
        detail: { type: 'json', required: true },
        createdAt: { type: 'date', required: true },
      },
    },
  },
} satisfies BetterAuthPlugin;

/** The sign-in body's e-mail, as accounts are keyed (trimmed, lower case); '' when absent. */
const signInEmailOf = (body: unknown) =>
  String((body as Record<string, unknown> | undefined)?.email ?? '')
    .trim()
    .toLowerCase();

/** The rate-store keys counting an account's failed sign-ins: from one address, and from all together. */
function failedSignInKeys(email: string, ip: string | null) {
  const byAccount = `signin-fail:${email}`;
  return { byAddress: `${byAccount}:from:${ip ?? 'unknown'}`, byAccount };
}

const signUpExtras = z.object({
  companyName: z.string().optional(),
  phone: z.string().optional(),
  plan: z.string().optional(),
  timeZone: z.string().optional(),
});

/** How long the link of the sign-up confirmation signs in. */
export const SIGN_UP_LINK_HOURS = 24;
/** Where the link of the sign-up confirmation leads, signed in. */
export const SIGN_UP_CONFIRMED_PATH = '/account-created';

/**
 * A sign-up's body as the account is created from it: checked against the platform's rules (the same answer whether
 * or not the address has an account), the e-mail in lower case, the time zone as the database knows it, the
 * platform's default plan when none is chosen. Throws the APIError to answer with.
 */
export async function signUpBody(deps: { db: Db; settings: SettingsCache }, body: Record<string, unknown>) {
  const s = await deps.settings.get();
  const parsed = signupRequestSchemaFor(policyOf(s)).safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid sign-up', 'VALIDATION_ERROR');
  const { email, name, companyName } = parsed.data;
  await assertPasswordAllowed(parsed.data.password, s, [email, name, companyName]);
  const { password: _pw, ...rest } = parsed.data;
  // The browser's zone, as the database knows it; one it does not know at all falls back to UTC (the
  // owner can set theirs in the profile) rather than refusing the sign-up.
  const timeZone = (rest.timeZone ? await storableTimeZone(deps.db, rest.timeZone) : null) ?? 'UTC';
  // No plan chosen: the platform's default plan (setting), not the schema's fallback.
  const plan = typeof body.plan === 'string' && body.plan ? rest.plan : s.general.defaultPlan;
  return { ...body, ...rest, timeZone, plan, email: rest.email.toLowerCase(), callbackURL: SIGN_UP_CONFIRMED_PATH };
}

/** The welcome e-mail after a sign-up, when the setting is on. A failure is logged; the sign-up stands. */
async function sendWelcome(deps: AuthDeps, userId: string, email: string) {
  const { env, db, mailer, settings } = deps;
  try {
    const s = await settings.get();
    if (!s.email.welcomeEmailEnabled) return;
    const [profile] = await db.select().from(businessProfiles).where(eq(businessProfiles.userId, userId));
    if (!profile) return;
    const trialEnd = profile.trialEndsAt ?? new Date();
    await sendTemplateEmail({ db, mailer, settings }, 'welcome', email, {
      ownerName: profile.ownerName,
      companyName: profile.companyName,
      trialDays: String(s.general.trialDays),
      trialEndDate: trialEnd.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: profile.timeZone }),
      link: `${env.APP_URL}/app/dashboard`,
    });
  } catch (err) {
    deps.logger.warn({ err, userId }, 'welcome e-mail failed');
  }
}

/**
 * After a sign-up: the activity row and the welcome e-mail, for an account really created (the answer names a
 * made-up user when the address already had one).
 */
async function afterSignUp(deps: AuthDeps, returned: unknown, ip: string | null) {
  const answered = (returned as { user?: { id?: unknown } } | undefined)?.user?.id;
  if (typeof answered !== 'string') return;
  const [newUser] = await deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, answered));
  if (!newUser) return;
  await recordActivity(deps.db, { type: 'auth.sign_up', actorUserId: newUser.id, ipAddress: ip });
  deps.logger.info({ module: 'auth', userId: newUser.id, ip }, 'signed up');
  await sendWelcome(deps, newUser.id, newUser.email);
}

/**
 * The two e-mails a sign-up ends with, after its answer (decision 0021): a new account's confirmation, whose link
 * signs in, or a notice to the owner of the address's existing account (throttled like the other auth e-mails).
 */
function signUpMailers(deps: AuthDeps, mayMail: (kind: string, email: string) => Promise<boolean>) {
  const { env, db, mailer, settings } = deps;
  return {
    /** better-auth's e-mail verification, used for the confirmation of a sign-up: its link signs in. */
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: SIGN_UP_LINK_HOURS * 3600,
      async sendVerificationEmail({ user, url }: { user: { id: string; name: string; email: string }; url: string }) {
        const [profile] = await db.select({ companyName: businessProfiles.companyName }).from(businessProfiles).where(eq(businessProfiles.userId, user.id));
        await sendTemplateEmail({ db, mailer, settings }, 'sign_up_confirm', user.email, {
          ownerName: user.name,
          companyName: profile?.companyName ?? user.name,
          link: url,
        });
      },
    },
    async toExistingOwner({ user }: { user: { name: string; email: string } }) {
      if (!(await mayMail('sign-up-existing', user.email))) return;
      await sendTemplateEmail({ db, mailer, settings }, 'sign_up_existing', user.email, {
        name: user.name,
        signInLink: `${env.APP_URL}/login`,
        resetLink: `${env.APP_URL}/forgot-password`,
      });
    },
  };
}

export function createAuth(deps: AuthDeps) {
  const { env, db, logger, mailer, rateStore, settings } = deps;
  const authLogger = logger.child({ module: 'auth' });
  const templates = templateCacheFor(db);

  const socialProviders: Record<string, { clientId: string; clientSecret: string }> = {};
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET)
    socialProviders.google = { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET };
  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET)
    socialProviders.facebook = { clientId: env.FACEBOOK_CLIENT_ID, clientSecret: env.FACEBOOK_CLIENT_SECRET };

  /** Per-address cooldown and hourly cap for auth e-mails; false means "do not send now". */
  async function mayMail(kind: string, email: string): Promise<boolean> {
    const key = `mail:${kind}:${email.toLowerCase()}`;
    const cooldown = await rateStore.peek(`${key}:cooldown`);
    if (cooldown.count > 0) return false;
    const hourly = await rateStore.hit(`${key}:hour`, 3_600_000);
    if (hourly.count > authLimits.mailHourlyCap) return false;
    await rateStore.hit(`${key}:cooldown`, authLimits.mailCooldownMs);
    return true;
  }

  const ipOf = (headers: Headers | undefined) => headers?.get(CLIENT_IP_HEADER) ?? null;
  const signUpMails = signUpMailers(deps, mayMail);

  /** 429 once the account has too many recent failed sign-ins from this address, or from everywhere together. */
  async function assertSignInNotThrottled(email: string, ip: string | null) {
    if (!email) return;
    const keys = failedSignInKeys(email, ip);
    for (const [key, max] of [[keys.byAddress, authLimits.failedSignInsPerAccountAndAddress], [keys.byAccount, authLimits.failedSignInsPerAccount]] as const) {
      const failures = await rateStore.peek(key);
      if (failures.count >= max) {
        throw new APIError(
          'TOO_MANY_REQUESTS',
          { code: 'TOO_MANY_ATTEMPTS', message: messages.auth.tooManyAttempts },
          { 'Retry-After': String(Math.max(1, Math.ceil(failures.resetMs / 1000))) },
        );
      }
    }
  }

  const auth = betterAuth({
    appName: 'StatusLink',
    baseURL: env.APP_URL,
    basePath: '/api/auth',
    secret: env.BETTER_AUTH_SECRET,
    // The same rule as our own cross-site check (plugins/security.ts): APP_URL and TRUSTED_ORIGINS when APP_URL is
    // set, else the origin each request was sent to (self-hosting opened by address).
    trustedOrigins: env.APP_URL_SET ? [env.APP_URL, ...env.TRUSTED_ORIGINS] : (request) => [env.APP_URL, request?.headers.get(SITE_ORIGIN_HEADER)],
    database: drizzleAdapter(db, {
      provider: 'pg',
      transaction: true,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        businessProfile: businessProfiles,
        twoFactor: twoFactors,
        activityEvent: activityEvents,
      },
    }),
    logger: {
      log: (level, message, ...args) => {
        const lvl = (level as string) === 'success' ? 'info' : level;
        authLogger[lvl]({ args: args.length ? args : undefined }, message);
      },
    },
    verification: verificationStorage,
    // Our own limits apply (Fastify rate limit per IP and path, per-account throttle below).
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => randomUUID() },
      useSecureCookies: env.APP_URL.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
    },
    session: {
      expiresIn: 24 * 3600,
      updateAge: 3600,
      cookieCache: { enabled: false },
    },
    account: {
      // An OAuth identity is its own account (provider + subject); never merged into another by e-mail.
      accountLinking: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      // A sign-up never signs in; it answers the same whether or not the address has an account (decision 0021).
      autoSignIn: false,
      onExistingUserSignUp: signUpMails.toExistingOwner,
      minPasswordLength: 6, // the platform policy (at least 8 by default) is enforced in the hooks below
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const s = settings.last();
        if (!(await mayMail('reset', user.email))) {
          authLogger.warn({ userId: user.id }, 'password reset e-mail throttled');
          return;
        }
        // Built from configuration, never from the Host header.
        const link = `${env.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
        const mail = renderPasswordResetEmail({ name: user.name, link, settings: s, template: templates.last().password_reset });
        await mailer.send({ to: user.email, fromName: s.email.emailSenderName, ...mail });
      },
      onPasswordReset: async ({ user }) => {
        await recordActivity(db, { type: 'auth.password_reset', actorUserId: user.id });
      },
    },
    emailVerification: signUpMails.emailVerification,
    socialProviders,
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'], impersonationSessionDuration: IMPERSONATION_SECONDS }),
      // TOTP for operators (required when the security setting says so; see routes/admin/guard.ts).
      twoFactor({ issuer: 'StatusLink' }),
      businessProfileSchemaPlugin,
    ],
    databaseHooks: {
      account: {
        create: {
          // Runs inside the sign-up transaction, after the user row: the business profile is
          // written with the same transaction, so a sign-up creates both or neither.
          before: async (account, ctx) => {
            // Operators created from the back office or the admin command own no business.
            if (!ctx || ctx.path?.startsWith('/admin/')) return;
            const adapter = await getCurrentAdapter(ctx.context.adapter);
            const existing = await adapter.findOne({
              model: 'businessProfile',
              where: [{ field: 'userId', value: account.userId }],
            });
            if (existing) return;
            const user = await adapter.findOne<{ id: string; name: string; email: string }>({
              model: 'user',
              where: [{ field: 'id', value: account.userId }],
            });
            if (!user) return;
            const s = settings.last();
            const extras = signUpExtras.safeParse(ctx.body ?? {});
            const body = extras.success ? extras.data : {};
            const now = new Date();
            await adapter.create({
              model: 'businessProfile',
              data: {
                userId: user.id,
                companyName: body.companyName?.trim() || user.name,
                ownerName: user.name,
                email: user.email,
                phone: body.phone?.trim() ?? '',
                plan: body.plan ?? s.general.defaultPlan,
                status: 'trial',
                timeZone: body.timeZone ?? 'UTC',
                trialEndsAt: new Date(now.getTime() + s.general.trialDays * 86_400_000),
                createdAt: now,
                updatedAt: now,
              },
            });
          },
        },
      },
      session: {
        create: {
          // Suspended businesses cannot sign in; lifetimes follow the platform settings per role.
          before: async (session, ctx) => {
            const adapter = ctx ? await getCurrentAdapter(ctx.context.adapter) : null;
            if (!adapter) return;
            const user = await adapter.findOne<{ role?: string | null }>({
              model: 'user',
              where: [{ field: 'id', value: session.userId }],
            });
            const profile = await adapter.findOne<{ status: string }>({
              model: 'businessProfile',
              where: [{ field: 'userId', value: session.userId }],
            });
            const isAdmin = user?.role === 'admin';
            const impersonating = Boolean((session as { impersonatedBy?: string }).impersonatedBy);
            if (!isAdmin && !impersonating && profile?.status === 'suspended') {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_SUSPENDED', message: messages.auth.accountSuspended });
            }
            // An operator's impersonation keeps the admin plugin's short lifetime.
            if (impersonating) return;
            const s = settings.last();
            const hours = isAdmin ? s.security.adminJwtExpiryHours : s.security.jwtExpiryHours;
            return { data: { ...session, expiresAt: new Date(Date.now() + hours * 3_600_000) } };
          },
        },
        update: {
          // A refresh never extends a session beyond its role's lifetime from now.
          before: async (data, ctx) => {
            const d = data as { expiresAt?: Date };
            if (!d.expiresAt) return;
            const s = settings.last();
            let hours = s.security.jwtExpiryHours;
            if (ctx) {
              // The refreshed session is the one in the request's cookie: find its user's role.
              const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
              const adapter = await getCurrentAdapter(ctx.context.adapter);
              const row = token
                ? await adapter.findOne<{ userId: string; expiresAt: Date; impersonatedBy?: string | null }>({
                    model: 'session',
                    where: [{ field: 'token', value: token }],
                  })
                : null;
              // An impersonation is never extended.
              if (row?.impersonatedBy) {
                const end = new Date(row.expiresAt);
                return { data: { ...data, expiresAt: d.expiresAt > end ? end : d.expiresAt } };
              }
              const user = row
                ? await adapter.findOne<{ role?: string | null }>({ model: 'user', where: [{ field: 'id', value: row.userId }] })
                : null;
              if (user?.role === 'admin') hours = s.security.adminJwtExpiryHours;
            }
            const cap = new Date(Date.now() + hours * 3_600_000);
            return { data: { ...data, expiresAt: d.expiresAt > cap ? cap : d.expiresAt } };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        switch (ctx.path) {
          case '/sign-up/email':
            return { context: { ...ctx, body: await signUpBody({ db, settings }, body) } };
          case '/reset-password': {
            const s = await settings.get();
            await assertPasswordAllowed(body.newPassword, s);
            return;
          }
          case '/update-user': {
            const parsed = userUpdateSchema.safeParse(body);
            if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid profile', 'VALIDATION_ERROR');
            return { context: { ...ctx, body: parsed.data } };
          }
          case '/change-password': {
            const s = await settings.get();
            const session = await getSessionFromCtx(ctx).catch(() => null);
            await assertPasswordAllowed(body.newPassword, s, session ? [session.user.email, session.user.name] : []);
            // A change always ends the user's other sessions.
            return { context: { ...ctx, body: { ...body, revokeOtherSessions: true } } };
          }
          case '/request-password-reset': {
            await settings.get();
            await templates.get();
            return;
          }
          case '/sign-in/email': {
            await settings.get();
            await assertSignInNotThrottled(signInEmailOf(body), ipOf(ctx.headers));
            return;
          }
          case '/sign-in/social':
          case '/callback/:id': {
            await settings.get();
            return;
          }
          case '/sign-out': {
            // Signing out ends every session of the user (the spec's "global scope").
            const session = await getSessionFromCtx(ctx).catch(() => null);
            if (session) await ctx.context.internalAdapter.deleteUserSessions(session.user.id);
            return;
          }
          case '/two-factor/disable': {
            // Operators keep their second factor while the platform requires it.
            const s = await settings.get();
            const session = await getSessionFromCtx(ctx).catch(() => null);
            const role = (session?.user as { role?: string } | undefined)?.role;
            if (role === 'admin' && s.security.twoFactorAuthRequired) {
              throw new APIError('FORBIDDEN', { code: 'TWO_FACTOR_REQUIRED', message: 'Two-factor sign-in is required for platform operators.' });
            }
            return;
          }
          default:
            // The admin plugin's endpoints are used only through the back office (/api/admin/*), which checks
            // the operator's second factor and IP allow-list and writes the audit rows; never straight over HTTP.
            if (ctx.path?.startsWith('/admin/') && ctx.request) {
              throw new APIError('FORBIDDEN', { code: 'FORBIDDEN', message: 'Use the back office for this action.' });
            }
            return;
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError;
        const ip = ipOf(ctx.headers);
        if (ctx.path === '/sign-in/email') {
          const email = signInEmailOf(ctx.body);
          if (failed) {
            if ((returned as APIError).statusCode === 401) {
              const keys = failedSignInKeys(email, ip);
              for (const key of [keys.byAddress, keys.byAccount]) await rateStore.hit(key, authLimits.failedSignInWindowMs);
              await recordActivity(db, { type: 'auth.sign_in_failed', ipAddress: ip, detail: { email } });
              authLogger.warn({ email, ip }, 'sign-in failed');
            }
          } else {
            await rateStore.reset(failedSignInKeys(email, ip).byAddress);
            const newUser = ctx.context.newSession?.user as { id: string; twoFactorEnabled?: boolean | null } | undefined;
            const userId = newUser?.id ?? null;
            if (newUser?.twoFactorEnabled) {
              // The password was right; the session comes once the authenticator code is verified.
              await recordActivity(db, { type: 'auth.two_factor_challenge', actorUserId: userId, ipAddress: ip, detail: { email } });
            } else {
              await recordActivity(db, { type: 'auth.sign_in', actorUserId: userId, ipAddress: ip, detail: { email } });
              authLogger.info({ userId, ip }, 'signed in');
            }
          }
        } else if (ctx.path === '/sign-up/email' && !failed) {
          await afterSignUp(deps, returned, ip);
        } else if (ctx.path === '/two-factor/verify-totp' && !failed) {
          const userId = ctx.context.newSession?.user.id ?? ctx.context.session?.user.id ?? null;
          const signingIn = /(?:^|;\s*)[\w.-]*two_factor=/.test(ctx.headers?.get('cookie') ?? '');
          await recordActivity(db, {
            type: signingIn ? 'auth.sign_in' : 'auth.two_factor_enabled',
            actorUserId: userId,
            ipAddress: ip,
            detail: signingIn ? { twoFactor: true } : {},
          });
        } else if (ctx.path === '/change-password' && !failed) {
          const userId = ctx.context.session?.user.id ?? null;
          await recordActivity(db, { type: 'auth.password_changed', actorUserId: userId, ipAddress: ip });
        } else if (ctx.path === '/callback/:id' && ctx.context.newSession) {
          const userId = ctx.context.newSession.user.id;
          await recordActivity(db, { type: 'auth.sign_in', actorUserId: userId, ipAddress: ip, detail: { provider: ctx.params?.id } });
        }
      }),
    },
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
