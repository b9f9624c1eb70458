import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '@core/api-keys';
import { messages } from '@core/messages';
import { LimitExceededError } from '../errors';
import { loadSession } from './session';

export const messagesApiLimits = {
  perMinute: 'Too many requests. Please wait a moment and try again.',
  perDay: 'The daily API call limit of this business has been reached. It resets at midnight UTC.',
};

/** Paths of the business API that are not metered: the signed-in user's own auth state. */
const UNMETERED = new Set(['/api/v1/me']);

function msUntilNextUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now;
}

/**
 * A request made by the app's own pages: the browser says the fetch came from our own origin. Browsers set
 * Sec-Fetch-Site themselves (page scripts cannot), so only a program that is not a browser could claim it, and
 * such a program would only escape its own business's quota; the per-address limits (plugins/rate-limit.ts)
 * still apply to it.
 */
export function isOwnPageRequest(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['sec-fetch-site'] === 'same-origin';
}

/**
 * The API settings "rate limit" (calls per minute) and "max API calls" (per day), per business, on the business
 * API (/api/v1) used as an API: by scripts and integrations. Over either: 429 with Retry-After. Counts live in the
 * shared rate store (memory or Redis). The app's own screens are not metered: one screen makes several calls, and
 * an owner clicking through the app went over 60 a minute (decision 7).
 */
export function registerBusinessApiLimits(app: FastifyInstance) {
  const meter = async (req: FastifyRequest, reply: FastifyReply) => {
    const user = await loadSession(req, reply).catch(() => null);
    if (!user || user.role === 'admin') return;
    await checkBusinessApiLimits(app, user.id);
  };
  app.addHook('onRequest', (req, reply, done) => {
    if (!req.url.startsWith('/api/v1/')) return done();
    const path = req.url.split('?')[0]!;
    // A request with an API key is metered per key once the key is known (plugins/api-key-auth.ts).
    if (UNMETERED.has(path) || isOwnPageRequest(req.headers) || bearerToken(req.headers.authorization)) return done();
    meter(req, reply).then(() => done(), done);
  });
}

/** Counts one call of a business (keyed by its owner); throws 429 when over a limit. */
export async function checkBusinessApiLimits(app: FastifyInstance, ownerId: string, now = app.ctx.clock.nowMs()): Promise<void> {
  const s = await app.ctx.settings.get();
  const { rateStore } = app.ctx;
  const minute = await rateStore.hit(`api-minute:${ownerId}`, 60_000);
  if (minute.count > s.api.rateLimit) throw new LimitExceededError(messagesApiLimits.perMinute, Math.max(1, minute.resetMs / 1000));
  await countDailyCall(app, ownerId, s.api.maxApiCalls, now);
}

/** The business's calls of the UTC day (scripts with a session and every API key of the business share them). */
async function countDailyCall(app: FastifyInstance, ownerId: string, maxApiCalls: number, now: number) {
  const day = new Date(now).toISOString().slice(0, 10);
  const daily = await app.ctx.rateStore.hit(`api-day:${ownerId}:${day}`, msUntilNextUtcMidnight(now));
  if (daily.count > maxApiCalls) {
    throw new LimitExceededError(messagesApiLimits.perDay, Math.max(1, daily.resetMs / 1000), 'daily_limit_exceeded');
  }
}

/**
 * Counts one request made with an API key (decision 0018): the platform's "rate limit" per minute applies to each key
 * on its own (two integrations of one business do not starve each other), and the daily "max API calls" to the
 * business. The answer tells the per-key budget in `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
 * `X-RateLimit-Reset` (seconds until the window resets); over it, 429 with Retry-After.
 */
export async function checkApiKeyLimits(
  app: FastifyInstance,
  reply: FastifyReply,
  input: { keyId: string; ownerId: string },
): Promise<void> {
  const s = await app.ctx.settings.get();
  const now = app.ctx.clock.nowMs();
  const minute = await app.ctx.rateStore.hit(`api-key-minute:${input.keyId}`, 60_000);
  const resetSeconds = Math.max(1, Math.ceil(minute.resetMs / 1000));
  reply.header('x-ratelimit-limit', String(s.api.rateLimit));
  reply.header('x-ratelimit-remaining', String(Math.max(0, s.api.rateLimit - minute.count)));
  reply.header('x-ratelimit-reset', String(resetSeconds));
  if (minute.count > s.api.rateLimit) throw new LimitExceededError(messages.apiKeys.perKeyRate(s.api.rateLimit), resetSeconds);
  await countDailyCall(app, input.ownerId, s.api.maxApiCalls, now);
}
