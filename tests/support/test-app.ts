import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadEnv, type Env } from '../../src/server/env';
import { manualClock, type ManualClock } from '../../src/server/lib/clock';
import type { MailMessage, Mailer } from '../../src/server/integrations/mail/mailer';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

/** A mailer that keeps what it sends, for tests to read. */
export function captureMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    transport: 'smtp',
    sent,
    async send(m) {
      sent.push(m);
    },
    close() {},
  };
}

/** What a test reads of its app. */
export interface AppUnderTest {
  app: FastifyInstance;
  env: Env;
  mails: MailMessage[];
  /** The app's clock: stands still unless the test advances it (options.clock, or one started at the real now). */
  clock: ManualClock;
}

export interface TestApp extends AppUnderTest {
  close(): Promise<void>;
}

export type TestAppOverrides = Record<string, string>;

export interface TestAppOptions {
  mailer?: Mailer;
  /** The app's own mailer (SMTP_URL from `overrides`, e.g. a test SMTP server) instead of a captured one. */
  realMailer?: boolean;
  logger?: Logger;
  clock?: ManualClock;
  beforeReady?: (app: FastifyInstance, env: Env) => unknown;
  /** One webhook attempt's time-out (short in tests instead of waiting 15 s). */
  webhookTimeoutMs?: number;
}

/**
 * The app of a test file or `describe` block, which starts and stops it itself (beforeAll, afterAll): read its app,
 * env, mails and clock from hooks and tests. Overrides and options may be functions, read when the app starts (e.g.
 * the address of a stand-in server a beforeAll above started; its afterAll, registered first, then runs after the
 * app is closed).
 */
export function useTestApp(
  overrides: TestAppOverrides | (() => TestAppOverrides) = {},
  options: TestAppOptions | (() => TestAppOptions) = {},
): AppUnderTest {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof overrides === 'function' ? overrides() : overrides, typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  const started = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app runs from its beforeAll to its afterAll; read it in hooks and tests');
    return current;
  };
  return {
    get app() {
      return started().app;
    },
    get env() {
      return started().env;
    },
    get mails() {
      return started().mails;
    },
    get clock() {
      return started().clock;
    },
  };
}

/** An app for the running test alone (as fastify's build(t)): closed when the test finishes, passed or failed. */
export async function startTestApp(overrides: TestAppOverrides = {}, options: TestAppOptions = {}): Promise<AppUnderTest> {
  const t = await createTestApp(overrides, options);
  onTestFinished(() => t.close());
  return t;
}

/**
 * The whole app on a fresh migrated database, with captured e-mail. Options: another mailer or logger, and a step
 * before the app is ready (e.g. registering a stand-in web build). The caller closes it; useTestApp and startTestApp
 * do that themselves.
 */
export async function createTestApp(overrides: TestAppOverrides = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...overrides,
  });
  const captured = captureMailer();
  const clock = options.clock ?? manualClock();
  const mailer = options.realMailer ? undefined : (options.mailer ?? captured);
  const app = await buildApp({ env, database, clock, mailer, logger: options.logger ?? pino({ level: 'silent' }), serveWeb: false, webhookTimeoutMs: options.webhookTimeoutMs, checkQueueInputs: true });
  await options.beforeReady?.(app, env);
  await app.ready();
  return {
    app,
    env,
    mails: options.mailer || options.realMailer ? [] : captured.sent,
    clock,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** The session cookie(s) from a response, as a Cookie header value. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

let counter = 0;
/** A valid sign-up body; every call a new e-mail unless given. */
export function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `owner${counter}-${Date.now()}@example.com`,
    password: 'Harbour-Lights-42',
    name: 'Dana Owner',
    companyName: 'Owner & Co Tax',
    phone: '+1 555 0100',
    plan: 'professional',
    timeZone: 'America/New_York',
    acceptTerms: true,
    ...overrides,
  };
}

/** POST JSON from our own origin (better-auth and our CSRF check want an Origin header). */
let ipCounter = 0;
/** A distinct client address per call, so per-IP limits only bite in the tests about them. */
export const nextIp = () => {
  ipCounter += 1;
  return `127.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** The POST alone: its answer, before the work it leaves for after the answer (timing tests). */
export function postJsonAnswer(app: FastifyInstance, url: string, body: unknown, cookie?: string) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
}

/** The POST and the work it leaves for after its answer (e-mails, a sign-up's account), so tests see their effects. */
export async function postJson(app: FastifyInstance, url: string, body: unknown, cookie?: string) {
  const res = await postJsonAnswer(app, url, body, cookie);
  await app.ctx.afterAnswer.settled();
  return res;
}

/**
 * Signs a new business up and in (a sign-up never signs in, decision 0021: once its work after the answer is done,
 * the owner signs in with the password); returns the cookie and body.
 */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const res = await postJson(app, '/api/auth/sign-up/email', body);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const signIn = await postJson(app, '/api/auth/sign-in/email', { email: body.email, password: body.password });
  if (signIn.statusCode !== 200) throw new Error(`sign-in after sign-up failed: ${signIn.statusCode} ${signIn.body}`);
  return { cookie: cookieFrom(signIn), body, user: signIn.json().user as { id: string; email: string } };
}
