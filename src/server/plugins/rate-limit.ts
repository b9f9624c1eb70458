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
 * Rate limits with 429 and Retry-After. Counts live in memory, or in Redis when REDIS_URL is set
 * so several instances share one count.
 */
export async function registerRateLimit(app: FastifyInstance, redis?: Redis) {
  await app.register(rateLimit, {
    global: true,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: 'statuslink:rl:' } : {}),
    allowList: (req) => !req.url.startsWith('/api/') || req.url.startsWith('/api/health'),
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
