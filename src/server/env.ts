import { isIP } from 'node:net';
import fs from 'node:fs';
import { z } from 'zod';
import { parseMailbox } from '@core/validation/email';

/** `scheme://host[:port]` of an http(s) address with nothing after the host; null for anything else. */
function originOf(text: string): string | null {
  try {
    const url = new URL(text);
    const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === 'http:' || url.protocol === 'https:') && bare ? url.origin : null;
  } catch {
    return null;
  }
}

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = z.preprocess(blankToUndefined, z.url().optional());
const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

/** Every environment variable the server reads. Documented one by one in .env.example. */
/** The settings and templates caches' time when SETTINGS_CACHE_MS is not set (also for a handle made outside the app). */
export const DEFAULT_SETTINGS_CACHE_MS = 5000;
/** A cache's time in milliseconds of the app's clock: 0 reads every time. */
const cacheMs = (max: number, fallback: number) => z.coerce.number().int().min(0).max(max).default(fallback);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optionalUrl,
  /**
   * Other origins whose pages may send state-changing requests (e.g. a second address of the same install), comma-
   * separated `scheme://host[:port]`. Read only with APP_URL set; without it, each request's own origin is accepted.
   */
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx): string[] => {
      const list = v.split(',').map((part) => part.trim()).filter(Boolean);
      const origins: string[] = [];
      for (const part of list) {
        const origin = originOf(part);
        if (!origin) {
          ctx.addIssue({ code: 'custom', message: `"${part}" is not an origin: write scheme://host[:port], comma-separated` });
          return z.NEVER;
        }
        origins.push(origin);
      }
      return origins;
    }),
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  BETTER_AUTH_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalUrl,
  /** The sender of every e-mail: `address@example.com` or `Name <address@example.com>`. */
  MAIL_FROM: optionalText.refine((v) => v === undefined || parseMailbox(v) !== null, {
    message: 'must be an e-mail address, alone or with a name: Name <address@example.com>',
  }),
  SALES_EMAIL: optionalText,
  REDIS_URL: optionalUrl,
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For): `false` none; `true` or a number, that
   * many hops (the nearest proxy's view, and no entry the client wrote itself); or a comma-separated list of the
   * proxies' addresses, CIDR ranges or loopback/linklocal/uniquelocal. Never "every hop": the left-most entries are
   * the client's own words. A hop count believes whoever connects, so the app must be reachable only through the
   * proxy; otherwise list the proxy's addresses.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): false | number | string => {
      const value = v.trim().toLowerCase();
      if (value === '' || value === 'false' || value === '0') return false;
      if (value === 'true') return 1;
      if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
      const list = value.split(',').map((part) => part.trim());
      const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
      const addressOrRange = (part: string) => {
        const [address = '', prefix, extra] = part.split('/');
        const family = isIP(address);
        if (family === 0 || extra !== undefined) return false;
        return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
      };
      if (list.every((part) => named.has(part) || addressOrRange(part))) return list.join(',');
      ctx.addIssue({ code: 'custom', message: 'must be true, false, a number of proxy hops (1-10), or a comma-separated list of proxy addresses or CIDR ranges' });
      return z.NEVER;
    }),
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset, /metrics answers 404. */
  METRICS_TOKEN: z.preprocess(blankToUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /**
   * On SIGTERM, how long the instance keeps serving while its ready probe says 503, so the load balancer stops
   * sending it requests before it closes (a little more than the balancer's health-check interval).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  GOOGLE_SHEETS_BASE_URL: z.url().default('https://docs.google.com'),
  SHEETS_FETCH_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(15),
  SHEETS_MAX_MB: z.coerce.number().min(1).max(200).default(20),
  /**
   * How long an instance remembers what a portal lookup needs of a portal and its business (milliseconds): a change
   * made through another instance shows within this time (docs/deployment.md); one made on this instance, at once.
   */
  PORTAL_META_CACHE_MS: cacheMs(60_000, 1000),
  /**
   * How long an instance trusts what it read of the platform settings and the e-mail templates (milliseconds): a change
   * saved through another instance applies within this time; one saved on this instance, at once.
   */
  SETTINGS_CACHE_MS: cacheMs(60_000, DEFAULT_SETTINGS_CACHE_MS),
  /** How long a delivering instance reuses what it read of a webhook endpoint (milliseconds; a failure reads it again). */
  WEBHOOK_ENDPOINT_CACHE_MS: cacheMs(60_000, 2000),
  /** How long an instance trusts what it read about a custom domain's host (milliseconds; changes on this instance apply at once). */
  DOMAIN_CACHE_MS: cacheMs(600_000, 30_000),
  /**
   * How a sync streams its rows (decision 0022): `auto` with COPY on PostgreSQL and statements on the embedded
   * database; `1` COPY on either, `0` statements on either (benchmarks, diagnosis).
   */
  SYNC_COPY: z.preprocess(blankToUndefined, z.enum(['auto', '0', '1']).default('auto')),
  /**
   * Lets webhooks reach loopback, private and link-local addresses (and plain http): for tests and local development
   * only. Off by default; production must leave it off (decision 0018).
   */
  WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * The name custom domains point their CNAME at (issue 23): the address of the TLS proxy in front of the app.
   * Default: APP_URL's host.
   */
  PORTAL_DOMAIN_TARGET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9.-]+$/, 'must be a host name, e.g. portals.example.com')
      .optional(),
  ),
  /** The DNS server custom domains are verified against, `host:port` (default: the system's resolvers). */
  DNS_RESOLVER: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/, 'must be host:port, e.g. 127.0.0.1:53')
      .optional(),
  ),
  /** Stripe (decision 0019): the secret key and the webhook endpoint's signing secret; each wins over the back office's. */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Where Stripe's API is reached (default https://api.stripe.com; tests point it at a local stand-in). */
  STRIPE_API_BASE_URL: optionalUrl,
  /**
   * Twilio (texts for urgent updates, decision 0016): the account, its auth token (also checks the webhooks'
   * signatures) and the sender (a phone number in E.164 form, or a Messaging Service `MG...`). All three or none.
   */
  TWILIO_ACCOUNT_SID: z.preprocess(blankToUndefined, z.string().trim().regex(/^AC[0-9a-fA-F]{32}$/, 'must be an Account SID: AC and 32 hex digits').optional()),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: z.preprocess(blankToUndefined, z.string().trim().regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, 'must be a phone number such as +15005550006, or a Messaging Service SID (MG...)').optional()),
  /** Where Twilio's API is reached (default https://api.twilio.com; tests point it at a local stand-in). */
  TWILIO_API_BASE_URL: optionalUrl,
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v !== 'false' && v !== '0'),
});

export type Env = Omit<z.infer<typeof envSchema>, 'PORTAL_DOMAIN_TARGET'> & {
  APP_URL: string;
  /** The CNAME target of custom domains (PORTAL_DOMAIN_TARGET, else APP_URL's host). */
  PORTAL_DOMAIN_TARGET: string;
  /** False when APP_URL was not given (it is then http://localhost:PORT): each request's own origin is its site. */
  APP_URL_SET: boolean;
};

export class EnvError extends Error {}

/** Parses the environment once at boot; every bad variable is listed in one error. */
/**
 * Fastify's trustProxy from TRUST_PROXY: a hop count becomes "believe the nearest N hops" (Fastify itself answers a
 * bare number by trusting nobody); a list of addresses is passed as it is.
 */
export function trustProxyOption(setting: false | number | string): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return { ...env, APP_URL: appUrl, APP_URL_SET: env.APP_URL !== undefined, PORTAL_DOMAIN_TARGET: env.PORTAL_DOMAIN_TARGET ?? new URL(appUrl).hostname };
}

/** Reads ./.env into process.env when present (variables already set win). */
export function loadDotEnv(file = '.env'): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
