import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDomainBody, customDomainListSchema, customDomainSchema } from '@core/api/custom-domains';
import { businessApi } from '../../plugins/api-key-auth';
import { addDomain } from '../../services/custom-domains/add-domain';
import { deleteDomain } from '../../services/custom-domains/delete-domain';
import { listDomains } from '../../services/custom-domains/list-domains';
import { verifyDomain } from '../../services/custom-domains/verify-domain';
import { sessionBusiness } from './business-context';
import { errorShape, portalIdParams } from './portal-schemas';

const domainParams = portalIdParams.extend({ name: z.string().min(1).max(300) });
const errors = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 409: errorShape, 429: errorShape, 503: errorShape };
const actorId = (req: { sessionUser?: { id: string } }) => req.sessionUser?.id ?? null;

/**
 * A portal's own domain (Business and Enterprise; issue 23, decision 0014): add a name, create the two DNS records
 * shown, verify, remove. A session or an API key (write scope for changes).
 */
export async function customDomainRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  businessApi(r);

  r.post(
    '/api/v1/portals/:portalId/domains',
    {
      schema: {
        tags: ['domains'],
        summary: 'Adds a name for the portal (one per portal) and answers the CNAME and TXT records to create; served once verified',
        params: portalIdParams,
        body: addDomainBody,
        response: { 200: customDomainSchema, 201: customDomainSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { created, domain } = await addDomain(app.ctx, await sessionBusiness(req), req.params.portalId, req.body.name, actorId(req));
      return reply.status(created ? 201 : 200).send(domain);
    },
  );

  r.get(
    '/api/v1/portals/:portalId/domains',
    { schema: { tags: ['domains'], summary: "The portal's domain with its records and state", params: portalIdParams, response: { 200: customDomainListSchema, ...errors } } },
    async (req) => listDomains(app.ctx, await sessionBusiness(req), req.params.portalId),
  );

  r.post(
    '/api/v1/portals/:portalId/domains/:name/verify',
    {
      schema: {
        tags: ['domains'],
        summary: 'Looks both records up now: verified, the portal is served on the name; otherwise problems say what is missing',
        params: domainParams,
        response: { 200: customDomainSchema, ...errors },
      },
    },
    async (req) => verifyDomain(app.ctx, await sessionBusiness(req), req.params.portalId, req.params.name, actorId(req)),
  );

  r.delete(
    '/api/v1/portals/:portalId/domains/:name',
    { schema: { tags: ['domains'], summary: 'Removes the name: the portal stops being served on it at once', params: domainParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await deleteDomain(app.ctx, (await sessionBusiness(req)).id, req.params.portalId, req.params.name, actorId(req));
      return reply.status(204).send(null);
    },
  );
}
