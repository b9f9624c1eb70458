import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { billingView, changePlanBody, checkoutBody, redirectAnswer } from '@core/api/billing';
import { requireSession } from '../../plugins/session';
import { cancelScheduledChange, changePlan, resumeSubscription } from '../../services/billing/change-plan';
import { getBilling } from '../../services/billing/get-billing';
import { openBillingPortal } from '../../services/billing/open-billing-portal';
import { receiveStripeEvent } from '../../services/billing/receive-stripe-event';
import { startCheckout } from '../../services/billing/start-checkout';
import { sessionBusiness } from './business-context';

const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const guarded = { 401: errorShape, 403: errorShape };

/** Billing (issue 21, decision 19): the business's plan and invoices, Stripe Checkout and the customer portal. */
export async function billingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/billing',
    { preValidation: requireSession, schema: { tags: ['billing'], summary: "The business's plan, period, billing state, trial and grace ends, and invoices", response: { 200: billingView, ...guarded } } },
    async (req) => getBilling(app.ctx, await sessionBusiness(req)),
  );
  r.post(
    '/api/v1/billing/checkout',
    {
      preValidation: requireSession,
      schema: {
        tags: ['billing'],
        summary: 'Opens Stripe Checkout for a subscription to a plan and period',
        body: checkoutBody,
        response: { 200: redirectAnswer, 400: errorShape, ...guarded, 409: errorShape },
      },
    },
    async (req) => startCheckout(app.ctx, await sessionBusiness(req), req.body.plan, req.body.period),
  );
  r.post(
    '/api/v1/billing/portal',
    { preValidation: requireSession, schema: { tags: ['billing'], summary: "Opens Stripe's customer portal (invoices, card, plan, cancel)", response: { 200: redirectAnswer, ...guarded, 409: errorShape } } },
    async (req) => openBillingPortal(app.ctx, await sessionBusiness(req)),
  );
  r.post(
    '/api/v1/billing/change',
    {
      preValidation: requireSession,
      schema: {
        tags: ['billing'],
        summary: 'Changes the plan paid for: an upgrade at once (prorated), a downgrade at the end of the period when what the business uses fits it',
        body: changePlanBody,
        response: { 200: billingView, 400: errorShape, ...guarded, 409: errorShape },
      },
    },
    async (req) => {
      await changePlan(app.ctx, await sessionBusiness(req), req.body);
      return getBilling(app.ctx, await sessionBusiness(req));
    },
  );
  r.delete(
    '/api/v1/billing/scheduled-change',
    { preValidation: requireSession, schema: { tags: ['billing'], summary: 'Cancels the downgrade waiting for the end of the period', response: { 200: billingView, ...guarded, 409: errorShape } } },
    async (req) => {
      await cancelScheduledChange(app.ctx, await sessionBusiness(req));
      return getBilling(app.ctx, await sessionBusiness(req));
    },
  );
  r.post(
    '/api/v1/billing/resume',
    { preValidation: requireSession, schema: { tags: ['billing'], summary: 'Resumes a subscription cancelled at the end of its period', response: { 200: billingView, ...guarded, 409: errorShape } } },
    async (req) => {
      await resumeSubscription(app.ctx, await sessionBusiness(req));
      return getBilling(app.ctx, await sessionBusiness(req));
    },
  );
  await app.register(stripeWebhookRoute);
}

/** POST /api/stripe/webhook: the raw body is kept for the signature check (in this scope only). */
async function stripeWebhookRoute(scope: FastifyInstance) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  scope.withTypeProvider<ZodTypeProvider>().post(
    '/api/stripe/webhook',
    {
      schema: {
        tags: ['billing'],
        summary: "Stripe's events (signed with the endpoint's secret): checkout, invoices and subscription changes",
        response: { 200: z.object({ received: z.literal(true), applied: z.boolean() }), 400: errorShape, 503: errorShape },
      },
    },
    async (req) => {
      const signature = req.headers['stripe-signature'];
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const { applied } = await receiveStripeEvent(req.server.ctx, body, typeof signature === 'string' ? signature : undefined);
      return { received: true as const, applied };
    },
  );
}
