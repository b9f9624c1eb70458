import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWebhookBody,
  createdWebhookSchema,
  deliveriesQuery,
  rotateSecretBody,
  rotatedSecretSchema,
  testDeliverySchema,
  updateWebhookBody,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookListSchema,
} from '@core/api/webhooks';
import { businessApi } from '../../plugins/api-key-auth';
import { createWebhookEndpoint } from '../../services/webhooks/create-webhook-endpoint';
import { deleteWebhookEndpoint } from '../../services/webhooks/delete-webhook-endpoint';
import { listWebhookDeliveries } from '../../services/webhooks/list-webhook-deliveries';
import { listWebhookEndpoints } from '../../services/webhooks/list-webhook-endpoints';
import { resendWebhookDelivery } from '../../services/webhooks/resend-webhook-delivery';
import { rotateWebhookSecret } from '../../services/webhooks/rotate-webhook-secret';
import { sendTestWebhook } from '../../services/webhooks/send-test-webhook';
import { updateWebhookEndpoint } from '../../services/webhooks/update-webhook-endpoint';
import { requirePlanFeature } from '../../services/business/plan-access';
import { findEndpoint } from '../../services/webhooks/find-endpoint';
import { endpointView } from '../../services/webhooks/endpoint-view';
import { sessionBusiness } from './business-context';
import { errorShape } from './portal-schemas';

const endpointParams = z.object({ id: z.string().min(1).max(64) });
const deliveryParams = endpointParams.extend({ deliveryId: z.string().min(1).max(64) });
const errors = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 409: errorShape, 429: errorShape };

/**
 * Webhook endpoints of the business (Business and Enterprise plans): signed per Standard Webhooks, delivered from the
 * durable queue with retries, each delivery listed. A session or an API key (write scope for changes).
 */
export async function webhookRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  businessApi(r);
  const actor = (req: { sessionUser?: { id: string }; ip: string }) => ({ userId: req.sessionUser!.id, ipAddress: req.ip });
  const business = async (req: Parameters<typeof sessionBusiness>[0]) => {
    const b = await sessionBusiness(req);
    requirePlanFeature(b, 'api');
    return b;
  };

  r.post(
    '/api/v1/webhooks',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Adds a webhook endpoint. The answer holds its signing secret (whsec_...), shown here once.',
        body: createWebhookBody,
        response: { 201: createdWebhookSchema, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createWebhookEndpoint(app.ctx, await business(req), req.body, actor(req))),
  );

  r.get(
    '/api/v1/webhooks',
    { schema: { tags: ['webhooks'], summary: "The business's webhook endpoints", response: { 200: webhookListSchema, ...errors } } },
    async (req) => listWebhookEndpoints(app.ctx, (await business(req)).id),
  );

  r.get(
    '/api/v1/webhooks/:id',
    { schema: { tags: ['webhooks'], summary: 'One webhook endpoint', params: endpointParams, response: { 200: webhookEndpointSchema, ...errors } } },
    async (req) => endpointView(await findEndpoint(app.ctx.db, (await business(req)).id, req.params.id), app.ctx.clock.nowMs()),
  );

  r.patch(
    '/api/v1/webhooks/:id',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Changes the address, events or description; enabled: false pauses it, true enables it again',
        params: endpointParams,
        body: updateWebhookBody,
        response: { 200: webhookEndpointSchema, ...errors },
      },
    },
    async (req) => updateWebhookEndpoint(app.ctx, (await business(req)).id, req.params.id, req.body, actor(req)),
  );

  r.delete(
    '/api/v1/webhooks/:id',
    { schema: { tags: ['webhooks'], summary: 'Deletes an endpoint and its deliveries', params: endpointParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await deleteWebhookEndpoint(app.ctx, (await sessionBusiness(req)).id, req.params.id, actor(req));
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/v1/webhooks/:id/rotate-secret',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'A new signing secret (returned once); the old one keeps signing too for overlapHours (default 24)',
        params: endpointParams,
        body: rotateSecretBody,
        response: { 200: rotatedSecretSchema, ...errors },
      },
    },
    async (req) => rotateWebhookSecret(app.ctx, (await business(req)).id, req.params.id, req.body?.overlapHours, actor(req)),
  );

  r.post(
    '/api/v1/webhooks/:id/test',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Sends a webhook.test event to the endpoint now (through the queue, signed like every event)',
        params: endpointParams,
        response: { 202: testDeliverySchema, ...errors },
      },
    },
    async (req, reply) => reply.status(202).send(await sendTestWebhook(app.ctx, (await business(req)).id, req.params.id)),
  );

  r.get(
    '/api/v1/webhooks/:id/deliveries',
    {
      schema: {
        tags: ['webhooks'],
        summary: "The endpoint's deliveries, newest first: event, state, tries, last status code and an excerpt of the answer (kept 30 days)",
        params: endpointParams,
        querystring: deliveriesQuery,
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (req) => listWebhookDeliveries(app.ctx, (await sessionBusiness(req)).id, req.params.id, req.query),
  );

  r.post(
    '/api/v1/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Sends a delivery again now (same webhook-id and body, one attempt); 409 while it is still being tried',
        params: deliveryParams,
        response: { 202: webhookDeliverySchema, ...errors },
      },
    },
    async (req, reply) => reply.status(202).send(await resendWebhookDelivery(app.ctx, (await business(req)).id, req.params.id, req.params.deliveryId)),
  );
}
