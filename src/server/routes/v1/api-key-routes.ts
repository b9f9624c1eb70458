import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyListSchema, apiKeySchema, createApiKeyBody, createdApiKeySchema } from '@core/api/api-keys';
import { SESSION_SECURITY } from '../../plugins/api-key-auth';
import { requireSession } from '../../plugins/session';
import { createApiKey } from '../../services/api-keys/create-api-key';
import { listApiKeys } from '../../services/api-keys/list-api-keys';
import { revokeApiKey } from '../../services/api-keys/revoke-api-key';
import { sessionBusiness } from './business-context';
import { errorShape } from './portal-schemas';

const keyParams = z.object({ id: z.string().min(1).max(64) });

/** Key management: a signed-in owner only (an API key cannot create, list or revoke keys; D13). */
export async function apiKeyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('preValidation', requireSession);
  const actor = (req: { sessionUser?: { id: string }; ip: string }) => ({ userId: req.sessionUser!.id, ipAddress: req.ip });

  r.post(
    '/api/v1/api-keys',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Creates an API key (Business and Enterprise plans). The answer holds the key itself, shown this once only.',
        security: SESSION_SECURITY,
        body: createApiKeyBody,
        response: { 201: createdApiKeySchema, 400: errorShape, 401: errorShape, 403: errorShape, 409: errorShape },
      },
    },
    async (req, reply) => {
      const business = await sessionBusiness(req);
      const created = await createApiKey(app.ctx, business, req.body, actor(req));
      return reply.status(201).send(created);
    },
  );

  r.get(
    '/api/v1/api-keys',
    {
      schema: {
        tags: ['api keys'],
        summary: "The business's API keys (never the keys themselves): name, scope, first characters, state, expiry and last use",
        security: SESSION_SECURITY,
        response: { 200: apiKeyListSchema, 401: errorShape, 403: errorShape },
      },
    },
    async (req) => listApiKeys(app.ctx, (await sessionBusiness(req)).id),
  );

  r.delete(
    '/api/v1/api-keys/:id',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Revokes an API key: refused from the next request on. The key stays listed as revoked.',
        security: SESSION_SECURITY,
        params: keyParams,
        response: { 200: apiKeySchema, 401: errorShape, 403: errorShape, 404: errorShape },
      },
    },
    async (req) => revokeApiKey(app.ctx, (await sessionBusiness(req)).id, req.params.id, actor(req)),
  );
}
