import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkClientsAnswerSchema, managedClientAnswerSchema } from '@core/api/clients';
import type { ClientEventActor } from '@core/client-events';
import { managedClientIdSchema, managedFieldsSchema, managedPatchSchema, MAX_BULK_CLIENTS, type ManagedChange } from '@core/managed-clients';
import type { AppContext } from '../../context';
import { businessApi } from '../../plugins/api-key-auth';
import { writtenClientView } from '../../services/clients/list-clients';
import { newClientKey } from '../../services/sheet-sync/plan-import';
import { writeManagedClients } from '../../services/managed-clients/write-managed-clients';
import { sessionBusiness } from './business-context';
import { errorShape, portalIdParams } from './portal-schemas';

// The clients of a portal kept in StatusLink (issue 22 item 2, decision 0018), written through the app and the API.

const clientParams = portalIdParams.extend({ clientId: z.string().min(1).max(500) });
const errors = { 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 409: errorShape, 422: errorShape, 429: errorShape };

const example = { name: 'Ada Lovelace', email: 'ada@example.com', status: 'In progress', priority: 'High', dueDate: '2026-12-15', notes: 'Return filed' };
const createBody = managedFieldsSchema.extend({ clientId: managedClientIdSchema.optional().describe('Its key; an opaque one is given when omitted') }).meta({ examples: [{ clientId: 'C-1001', ...example }] });
const putBody = managedFieldsSchema.meta({ examples: [example] });
const patchBody = managedPatchSchema.meta({ examples: [{ status: 'Completed' }] });
const bulkBody = z
  .object({
    clients: z
      .array(managedFieldsSchema.extend({ clientId: z.string().trim().min(1).max(500) }))
      .min(1)
      .max(MAX_BULK_CLIENTS, `At most ${MAX_BULK_CLIENTS} clients per request`),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.clients.forEach((c, i) => {
      if (seen.has(c.clientId)) ctx.addIssue({ code: 'custom', path: ['clients', i, 'clientId'], message: `Client ID "${c.clientId}" is listed twice` });
      seen.add(c.clientId);
    });
  })
  .meta({ examples: [{ clients: [{ clientId: 'C-1001', ...example }, { clientId: 'C-1002', name: 'Alan Turing', email: 'alan@example.com', status: 'Waiting' }] }] });

const writeRules =
  'Business and Enterprise plans (403 plan_feature otherwise). Managed portals only (409 source_not_managed for a sheet or upload portal, with the reason). Goes through the same rules as a sync (D9 identity, queue and estimates, removals restorable) and records the same client events, so webhooks and notifications follow. Send an Idempotency-Key to retry safely: a replay returns the first answer, another body under the key is 409. 409 sync_in_progress while another write of the portal runs (retry).';

/** Who the change is by, for its client events. */
export const actorOf = (req: FastifyRequest): ClientEventActor => (req.apiKey ? { kind: 'api_key', keyId: req.apiKey.keyId } : { kind: 'user', userId: req.sessionUser!.id });

/** Writes `changes` for the caller (a session or an API key), all or nothing. */
async function writeAs(ctx: AppContext, req: FastifyRequest<{ Params: { portalId: string } }>, changes: ManagedChange[]) {
  const business = await sessionBusiness(req);
  return writeManagedClients(ctx, {
    businessId: business.id,
    plan: business.plan,
    portalId: req.params.portalId,
    timeZone: business.timeZone,
    changes,
    actor: actorOf(req),
    userId: req.sessionUser!.id,
    ipAddress: req.ip,
  });
}

/** POST .../restore of a managed portal: the client back as it was, through the managed write (with its event). */
export async function restoreManagedClient(ctx: AppContext, req: FastifyRequest<{ Params: { portalId: string; clientId: string } }>) {
  const { portalId, clientId } = req.params;
  await writeAs(ctx, req, [{ kind: 'restore', clientId }]);
  return { client: await writtenClientView(ctx.db, portalId, clientId), message: 'Restored. Its portal is managed in StatusLink: it stays until it is removed again.' };
}

export async function managedClientRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  businessApi(r);

  const write = (req: FastifyRequest<{ Params: { portalId: string } }>, changes: ManagedChange[]) => writeAs(app.ctx, req, changes);
  const view = async (portalId: string, clientId: string, removed = false) => ({ client: await writtenClientView(app.ctx.db, portalId, clientId, removed) });

  r.post(
    '/api/v1/portals/:portalId/clients',
    {
      schema: {
        tags: ['portal data'],
        summary: 'Adds a client to a portal managed in StatusLink',
        description: `201 with the client. 409 client_exists when the key is taken (also by a removed client: PUT it to bring it back), 409 email_taken when another client has the address. ${writeRules}`,
        params: portalIdParams,
        body: createBody,
        response: { 201: managedClientAnswerSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { clientId, ...fields } = req.body;
      const key = clientId ?? newClientKey();
      await write(req, [{ kind: 'create', clientId: key, fields }]);
      return reply.code(201).send(await view(req.params.portalId, key));
    },
  );

  r.put(
    '/api/v1/portals/:portalId/clients/:clientId',
    {
      schema: {
        tags: ['portal data'],
        summary: 'Creates or replaces a client of a managed portal (a removed one comes back)',
        description: `201 when the client is new, 200 when replaced; fields left out take their defaults (priority and notes empty, no due date). ${writeRules}`,
        params: clientParams,
        body: putBody,
        response: { 200: managedClientAnswerSchema, 201: managedClientAnswerSchema, ...errors },
      },
    },
    async (req, reply) => {
      const result = await write(req, [{ kind: 'put', clientId: req.params.clientId, fields: req.body }]);
      return reply.code(result.created.length > 0 ? 201 : 200).send(await view(req.params.portalId, req.params.clientId));
    },
  );

  r.patch(
    '/api/v1/portals/:portalId/clients/:clientId',
    {
      schema: {
        tags: ['portal data'],
        summary: 'Changes some fields of a current client of a managed portal (e.g. its status only)',
        description: `404 client_not_found for an unknown or removed client. ${writeRules}`,
        params: clientParams,
        body: patchBody,
        response: { 200: managedClientAnswerSchema, ...errors },
      },
    },
    async (req) => {
      await write(req, [{ kind: 'patch', clientId: req.params.clientId, fields: req.body }]);
      return view(req.params.portalId, req.params.clientId);
    },
  );

  r.delete(
    '/api/v1/portals/:portalId/clients/:clientId',
    {
      schema: {
        tags: ['portal data'],
        summary: 'Removes a client of a managed portal (restorable for 30 days, as after a sync)',
        description: `Answers the client with removedAt set; bring it back with POST .../restore or PUT. ${writeRules}`,
        params: clientParams,
        response: { 200: managedClientAnswerSchema, ...errors },
      },
    },
    async (req) => {
      await write(req, [{ kind: 'delete', clientId: req.params.clientId }]);
      return view(req.params.portalId, req.params.clientId, true);
    },
  );

  r.post(
    '/api/v1/portals/:portalId/clients/bulk',
    {
      schema: {
        tags: ['portal data'],
        summary: `Creates or replaces up to ${MAX_BULK_CLIENTS} clients of a managed portal by client ID, all or nothing`,
        description: `Each item as PUT .../clients/{clientId}. One refused item refuses the request (its client named in the message) and nothing is written. ${writeRules}`,
        params: portalIdParams,
        body: bulkBody,
        response: { 200: bulkClientsAnswerSchema, ...errors },
      },
    },
    async (req) => {
      const changes: ManagedChange[] = req.body.clients.map(({ clientId, ...fields }) => ({ kind: 'put', clientId, fields }));
      const result = await write(req, changes);
      const created = new Set(result.created);
      return { created: result.created, updated: result.written.filter((id) => !created.has(id)) };
    },
  );
}
