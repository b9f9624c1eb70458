import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/session';
import { getBusinessByUser } from '../../services/business/get-business-by-user';

const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export const meResponse = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(['user', 'admin']) }),
  business: z
    .object({
      companyName: z.string(),
      ownerName: z.string(),
      phone: z.string(),
      plan: z.string(),
      status: z.string(),
      timeZone: z.string(),
      trialEndsAt: z.iso.datetime().nullable(),
      createdAt: z.iso.datetime(),
    })
    .nullable(),
  impersonatedBy: z.string().nullable(),
});

/** The business API (v1): every route needs a signed-in owner; data is scoped by the session's user. */
export async function meRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/me',
    {
      preHandler: requireSession,
      schema: {
        tags: ['business'],
        summary: 'The signed-in user and their business profile',
        response: { 200: meResponse, 401: errorShape },
      },
    },
    async (req) => {
      const user = req.sessionUser!;
      const business = await getBusinessByUser(app.ctx.db, user.id);
      return {
        user: { id: user.id, email: user.email, name: user.name, role: user.role },
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
    },
  );
}
