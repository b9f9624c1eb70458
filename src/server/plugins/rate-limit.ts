import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { messages } from '@core/messages';

/** Per-IP limits on the auth endpoints (per minute); the rest of the API gets the general limit. */
export const authPathLimits: Record<string, number> = {
  '/api/auth/sign-in/email': 10,
  '/api/auth/sign-up/email': 5,
  '/api/auth/request-password-reset': 5,
  '/api/auth/reset-password': 10,
  '/api/auth/change-password': 10,
  '/api/auth/sign-in/social': 10,
  '/api/public/contact': 5,
  '/api/public/waitlist': 10,
};
export const GENERAL_API_LIMIT_PER_MINUTE = 300;

/**
 * Portal lookups have their own, stricter limits per address and per portal (services/portal-lookup/lookup-limits.ts),
 * counted in the same store; counting them here too would only add a store round trip (Redis, with several
 * instances) and three headers to the busiest public endpoint.
 */
const PORTAL_LOOKUP = /^\/api\/public\/portals\/[^/?]+\/lookup(?:\?|$)/;

/**
 * Rate limits with 429 and Retry-After. Counts live in memory, or in Redis when REDIS_URL is set
 * so several instances share one count.
 */
export async function registerRateLimit(app: FastifyInstance, redis?: Redis) {
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    // While Redis does not answer, these per-route limits let requests through rather than fail them (the throttles
    // of lib/rate-store.ts count in memory meanwhile).
    ...(redis ? { redis, nameSpace: 'statuslink:rl:', skipOnError: true } : {}),
    allowList: (req) => !req.url.startsWith('/api/') || req.url.startsWith('/api/health') || PORTAL_LOOKUP.test(req.url),
    keyGenerator: (req) => {
      const path = req.url.split('?')[0]!;
      return authPathLimits[path] ? `${req.ip}|${path}` : req.ip;
    },
    max: (req) => authPathLimits[req.url.split('?')[0]!] ?? GENERAL_API_LIMIT_PER_MINUTE,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: messages.auth.tooManyRequests,
      retryAfter: context.after,
    }),
  });
}
