import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
    if (UNMETERED.has(path) || isOwnPageRequest(req.headers)) return done();
    meter(req, reply).then(() => done(), done);
  });
}

/** Counts one call of a business (keyed by its owner); throws 429 when over a limit. */
export async function checkBusinessApiLimits(app: FastifyInstance, ownerId: string, now = Date.now()): Promise<void> {
  const s = await app.ctx.settings.get();
  const { rateStore } = app.ctx;
  const minute = await rateStore.hit(`api-minute:${ownerId}`, 60_000);
  if (minute.count > s.api.rateLimit) throw new LimitExceededError(messagesApiLimits.perMinute, Math.max(1, minute.resetMs / 1000));
  const day = new Date(now).toISOString().slice(0, 10);
  const daily = await rateStore.hit(`api-day:${ownerId}:${day}`, msUntilNextUtcMidnight(now));
  if (daily.count > s.api.maxApiCalls) {
    throw new LimitExceededError(messagesApiLimits.perDay, Math.max(1, daily.resetMs / 1000), 'daily_limit_exceeded');
  }
}
