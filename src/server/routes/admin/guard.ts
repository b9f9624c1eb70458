import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { users } from '../../db/schema';
import { ForbiddenError } from '../../errors';
import { requireAdmin } from '../../plugins/session';

export const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
export const guardErrors = { 401: errorShape, 403: errorShape } as const;

export const TWO_FACTOR_SETUP_MESSAGE = 'Set up two-factor sign-in to use the back office.';

/** True when the operator has a verified authenticator. */
export async function hasTwoFactor(req: FastifyRequest): Promise<boolean> {
  const [row] = await req.server.ctx.db
    .select({ on: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, req.sessionUser!.id));
  return Boolean(row?.on);
}

/**
 * Guard (preValidation) of every back-office route: the admin role (401 anonymous, 403 others) and, when the platform
 * requires it, a verified second factor (403 two_factor_setup_required until the operator has set it up).
 * The IP allow-list is checked before, for the whole back office (plugins/admin-ip-allowlist.ts).
 */
export async function requireOperator(req: FastifyRequest, reply: FastifyReply) {
  await requireAdmin(req, reply);
  const s = await req.server.ctx.settings.get();
  if (s.security.twoFactorAuthRequired && !(await hasTwoFactor(req))) {
    throw new ForbiddenError(TWO_FACTOR_SETUP_MESSAGE, 'two_factor_setup_required');
  }
}

/** The acting operator, for activity rows. */
export const actorOf = (req: FastifyRequest) => ({ userId: req.sessionUser!.id, ipAddress: req.ip });

/** The request's headers as a Fetch Headers object (for better-auth server calls). */
export function fetchHeaders(req: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}
