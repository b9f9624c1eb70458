import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPERSONATION_SECONDS } from '../../auth/create-auth';
import { businessProfiles } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { AppError, NotFoundError } from '../../errors';
import { startImpersonation } from '../../services/admin/impersonation';
import { businessInputSchema } from '../../services/business/business-input';
import { createBusiness } from '../../services/business/create-business';
import { deleteBusiness } from '../../services/business/delete-business';
import { getBusinessDetail } from '../../services/business/get-business-detail';
import { billingStanding } from '@core/billing/billing-state';
import { businessStatuses } from '@core/business-status';
import {
  adminBusinessDetailSchema,
  adminBusinessListSchema,
  createdBusinessSchema,
  impersonationStartedSchema,
  reactivatedBusinessSchema,
} from '@core/api/admin-businesses';
import { okSchema } from '@core/api/common';
import { listBusinesses } from '../../services/business/list-businesses';
import { sendBusinessPasswordLink } from '../../services/business/send-business-password-link';
import { reactivateBusiness, setBusinessStatus, updateBusiness } from '../../services/business/update-business';
import { actorOf, errorShape, fetchHeaders, guardErrors, requireOperator } from './guard';

const idParams = z.object({ id: z.string().min(1).max(100) });
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Back office: the businesses (spec 2.16 Business Management). Every route needs an operator. */
export async function adminBusinessRoutes(app: FastifyInstance) {
  app.addHook('preValidation', requireOperator);
  businessRecordRoutes(app);
  businessAccountRoutes(app);
}

/** The businesses themselves: list, detail, create, update and delete. */
function businessRecordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/businesses',
    {
      schema: {
        tags: ['admin'],
        summary: 'Businesses on the platform, newest first; search (company, owner, e-mail) and status filter',
        querystring: z.object({
          search: z.string().max(200).optional(),
          status: z.enum(businessStatuses).optional(),
        }),
        response: { 200: adminBusinessListSchema, ...guardErrors },
      },
    },
    async (req) => {
      const { businesses, total, matching } = await listBusinesses(app.ctx.db, req.query);
      const graceDays = (await app.ctx.settings.get()).general.graceDays;
      const now = app.ctx.clock.now();
      return {
        businesses: businesses.map((b) => ({ ...b, trialEndsAt: iso(b.trialEndsAt), createdAt: b.createdAt.toISOString(), billingState: billingStanding(b, now, graceDays).state })),
        total,
        matching,
      };
    },
  );

  r.get(
    '/api/admin/businesses/:id',
    {
      schema: { tags: ['admin'], summary: 'One business', params: idParams, response: { 200: adminBusinessDetailSchema, 404: errorShape, ...guardErrors } },
    },
    async (req) => {
      const b = await getBusinessDetail(app.ctx.db, req.params.id);
      return {
        ...b,
        trialEndsAt: iso(b.trialEndsAt),
        createdAt: b.createdAt.toISOString(),
        updatedAt: b.updatedAt.toISOString(),
        lastSignInAt: iso(b.lastSignInAt),
      };
    },
  );

  r.post(
    '/api/admin/businesses',
    {
      schema: {
        tags: ['admin'],
        summary: "Add a business: the owner's account and profile; the owner gets an e-mail to choose a password",
        body: businessInputSchema,
        response: { 201: createdBusinessSchema, 400: errorShape, 409: errorShape, ...guardErrors },
      },
    },
    async (req, reply) => {
      const created = await createBusiness(app.ctx, req.body, actorOf(req));
      return reply.status(201).send({ id: created.id, mailed: created.mailed });
    },
  );

  r.put(
    '/api/admin/businesses/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a business (company, owner, e-mail, phone, plan, status)',
        params: idParams,
        body: businessInputSchema,
        response: { 200: okSchema, 400: errorShape, 404: errorShape, 409: errorShape, ...guardErrors },
      },
    },
    async (req) => {
      await updateBusiness(app.ctx, req.params.id, req.body, actorOf(req));
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/admin/businesses/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Delete a business with its owner's account, portals and clients",
        params: idParams,
        response: { 200: okSchema, 404: errorShape, ...guardErrors },
      },
    },
    async (req) => {
      await deleteBusiness(app.ctx, req.params.id, actorOf(req));
      return { ok: true as const };
    },
  );
}

/** What an operator does to a business's account: status, reactivation, a password link, impersonation. */
function businessAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/businesses/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: "Activate or suspend a business (suspension ends the owner's sessions and refuses sign-in)",
        params: idParams,
        body: z.object({ status: z.enum(businessStatuses) }),
        response: { 200: okSchema, 404: errorShape, ...guardErrors },
      },
    },
    async (req) => {
      await setBusinessStatus(app.ctx, req.params.id, req.body.status, actorOf(req));
      return { ok: true as const };
    },
  );

  r.post(
    '/api/admin/businesses/:id/reactivate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reactivate a suspended business: it returns to the status it had (a trial keeps its end date); 409 not_suspended otherwise',
        params: idParams,
        response: { 200: reactivatedBusinessSchema, 404: errorShape, 409: errorShape, ...guardErrors },
      },
    },
    async (req) => ({ status: await reactivateBusiness(app.ctx, req.params.id, actorOf(req)) }),
  );

  r.post(
    '/api/admin/businesses/:id/password-link',
    {
      schema: {
        tags: ['admin'],
        summary: 'E-mail the owner a new link to choose a password',
        params: idParams,
        response: { 200: okSchema, 404: errorShape, ...guardErrors },
      },
    },
    async (req) => {
      await sendBusinessPasswordLink(app.ctx, req.params.id, actorOf(req));
      return { ok: true as const };
    },
  );

  r.post(
    '/api/admin/businesses/:id/impersonate',
    {
      schema: {
        tags: ['admin'],
        summary: "Login as this business: an audited impersonation (one hour); the operator's session is kept to come back",
        params: idParams,
        response: { 200: impersonationStartedSchema, 404: errorShape, ...guardErrors },
      },
    },
    async (req, reply) => {
      const [profile] = await app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.id, req.params.id));
      if (!profile) throw new NotFoundError('No such business.');
      // The impersonation session and its audit row are written in one transaction: both or neither.
      const headers = await startImpersonation({
        auth: app.ctx.auth,
        headers: fetchHeaders(req),
        userId: profile.userId,
        audit: {
          type: 'admin.impersonation_started',
          actorUserId: req.sessionUser!.id,
          businessId: profile.id,
          ipAddress: req.ip,
          detail: { companyName: profile.companyName, userId: profile.userId },
        },
      }).catch((err: unknown) => {
        req.log.warn({ err }, 'impersonation refused or not recorded');
        throw new AppError(400, 'impersonation_failed', 'This business cannot be opened right now.');
      });
      const cookies = headers?.getSetCookie?.() ?? [];
      if (cookies.length) reply.header('set-cookie', cookies);
      return { redirectTo: '/app/dashboard', expiresInSeconds: IMPERSONATION_SECONDS };
    },
  );
}
