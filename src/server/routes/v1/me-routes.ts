import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meSchema, type Me } from '@core/api/account';
import { requireSession } from '../../plugins/session';
import { profileUpdateSchema } from '@core/validation/profile';
import type { SessionUser } from '../../context';
import { getBusinessByUser } from '../../services/business/get-business-by-user';
import { updateOwnProfile } from '../../services/business/update-own-profile';
import type { Db } from '../../db/client';
import { sessionBusiness } from './business-context';

const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** The business API (v1): every route needs a signed-in owner; data is scoped by the session's user. */
export async function meRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/me',
    {
      preValidation: requireSession,
      schema: {
        tags: ['business'],
        summary: 'The signed-in user and their business profile',
        response: { 200: meSchema, 401: errorShape },
      },
    },
    async (req) => meView(app.ctx.db, req.sessionUser!),
  );

  r.patch(
    '/api/v1/me',
    {
      preValidation: requireSession,
      schema: {
        tags: ['business'],
        summary: "Edits the signed-in owner's profile: company name, owner name, phone and time zone",
        body: profileUpdateSchema,
        response: { 200: meSchema, 400: errorShape, 401: errorShape, 403: errorShape },
      },
    },
    async (req) => {
      const business = await sessionBusiness(req);
      await updateOwnProfile(app.ctx, business, req.body, { userId: req.sessionUser!.id, ipAddress: req.ip });
      return meView(app.ctx.db, req.sessionUser!);
    },
  );
}

/** GET /api/v1/me's answer; the owner name read from the business (the account name may lag in the session). */
async function meView(db: Db, user: SessionUser): Promise<Me> {
  const business = await getBusinessByUser(db, user.id);
  return {
    user: { id: user.id, email: user.email, name: business?.ownerName ?? user.name, role: user.role },
    business: business && {
      companyName: business.companyName,
      ownerName: business.ownerName,
      phone: business.phone,
      plan: business.plan,
      status: business.status,
      timeZone: business.timeZone,
      trialEndsAt: business.trialEndsAt?.toISOString() ?? null,
      createdAt: business.createdAt.toISOString(),
    },
    impersonatedBy: user.impersonatedBy,
  };
}
