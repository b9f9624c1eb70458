import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeSentSchema, lookupAnswerSchema, publicPortalSchema } from '@core/api/public-portal';
import { CLIENT_UPDATE_MAX_LENGTH, portalAnswerTexts, portalTexts } from '@core/portal-texts';
import { NotFoundError } from '../../errors';
import { loadSession } from '../../plugins/session';
import { sendClientUpdate } from '../../services/client-updates/send-client-update';
import { getPublicPortal } from '../../services/portal-lookup/get-public-portal';
import { lookupClient, type LookupRequest } from '../../services/portal-lookup/lookup-client';
import { notFound } from '../../services/portal-lookup/lookup-errors';
import { usageMeterFor, type LookupRefusal } from '../../services/usage/usage-meter';

// The public client portal's API (issue 5; decisions D3, D5; security 16-19). No session: a visitor proves who
// they are with an access link's token or an e-mailed code, and gets a short-lived card session for refresh and
// updates.

const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const params = z.object({ portalId: z.string().min(1).max(200) });
/** Portal ids are letters, digits, '_' and '-' ('portal_' + 9 characters, or 'demo'); any other id is simply not found. */
const wellFormed = (portalId: string) => /^[A-Za-z0-9_-]{1,64}$/.test(portalId);
/** Text without NUL characters (PostgreSQL refuses them in text). */
const text = (max: number) => z.string().max(max).refine((v) => !v.includes('\0'), { error: 'Invalid characters.' });

const lookupBody = z
  .object({
    query: text(254).optional().describe('An e-mail address or a full name, matched exactly (D3)'),
    token: text(200).optional().describe('The token of an access link (?t=)'),
    session: text(1000).optional().describe('The card session from an earlier verified answer (refresh)'),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { error: 'Please enter the 6-digit code from the e-mail.' })
      .optional()
      .describe('The e-mailed code, with the same query'),
    verify: z.boolean().optional().describe('Ask for a code even when the portal does not require one (to send an update)'),
  })
  .refine((b) => [b.query, b.token, b.session].filter((v) => v !== undefined).length === 1, {
    error: 'Send exactly one of query, token or session.',
  })
  .refine((b) => b.code === undefined || b.query !== undefined, { error: 'A code goes with the query it was sent for.' });

/** How a lookup asked for its client, for /metrics: a search (e-mail or name), a code, an access link, a card session. */
function lookupKind(body: unknown): string {
  const b = (body ?? {}) as Record<string, unknown>;
  if (b.query !== undefined) return b.code !== undefined ? 'code' : 'search';
  return b.token !== undefined ? 'token' : b.session !== undefined ? 'session' : 'invalid';
}

/** Lookups refused before they were answered, counted apart from the plan's searches (issue 17 item 3). */
const refusalOf: Record<number, LookupRefusal> = { 400: 'invalid', 429: 'rateLimited' };

/** What came of a lookup, from its status, for /metrics. */
function lookupResult(status: number): string {
  const named: Record<number, string> = { 200: 'found', 202: 'verification_sent', 404: 'not_found', 429: 'rate_limited' };
  return named[status] ?? (status >= 500 ? 'error' : 'refused');
}

export async function publicPortalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', async () => {
    await usageMeterFor(app.ctx).close();
  });

  r.get(
    '/api/public/portals/:portalId',
    {
      schema: {
        tags: ['public'],
        summary: "A portal's public configuration (branding and what it shows); no client or owner data",
        params,
        response: { 200: publicPortalSchema, 404: errorShape },
      },
    },
    async (req, reply) => {
      const view = wellFormed(req.params.portalId) ? await getPublicPortal(app.ctx, req.params.portalId) : null;
      if (!view) throw new NotFoundError(portalTexts.portalNotFound, 'portal_not_found');
      reply.header('cache-control', 'no-cache');
      return view;
    },
  );

  r.post(
    '/api/public/portals/:portalId/lookup',
    {
      // The hot path: the answer is built field by field (client-card.ts) and only serialised here; the schemas
      // below document it in OpenAPI without a second validation pass per lookup.
      serializerCompiler: () => (data) => JSON.stringify(data),
      // Its own per-address and per-portal limits (lookup-limits.ts) are stricter than the global per-address one.
      config: { rateLimit: false },
      onResponse: (req, reply, done) => {
        app.ctx.metrics.observeLookup(lookupKind(req.body), lookupResult(reply.statusCode));
        const refusal = refusalOf[reply.statusCode];
        if (refusal && wellFormed(req.params.portalId)) usageMeterFor(app.ctx).recordRefusal(req.params.portalId, refusal);
        done();
      },
      schema: {
        tags: ['public'],
        summary: 'Look up one client: by exact e-mail or full name, by access-link token, or by card session',
        description:
          'Exact matches only (trimmed, case-insensitive; names with inner spaces collapsed). Every miss answers the same 404. ' +
          'On a portal that requires verification (or with verify: true) a search answers 202 and e-mails a 6-digit code; ' +
          'the same query with the code answers the card. Rate-limited per address and per portal (429 with Retry-After).',
        params,
        body: lookupBody,
        response: {
          200: lookupAnswerSchema,
          202: codeSentSchema,
          400: errorShape,
          401: errorShape,
          404: errorShape,
          409: errorShape,
          429: errorShape,
          503: errorShape,
        },
      },
    },
    async (req, reply) => {
      if (!wellFormed(req.params.portalId)) throw notFound();
      const { query, token, session, code, verify } = req.body;
      const request: LookupRequest =
        query !== undefined ? { query, code, verify } : token !== undefined ? { token } : { session: session! };
      // Only a browser with a business session (the owner's View Portal) pays for reading it.
      const viewer = req.headers.cookie?.includes('session_token=') ? await loadSession(req, reply) : null;
      const outcome = await lookupClient(app.ctx, req.params.portalId, request, req.ip, viewer?.id ?? null);
      reply.header('cache-control', 'no-store');
      if (outcome.type === 'verification_sent') {
        return reply.status(202).send({ verification: 'sent' as const, message: portalAnswerTexts.codeSent, ...(outcome.demoCode ? { demoCode: outcome.demoCode } : {}) });
      }
      return { client: outcome.client, verified: outcome.verified, session: outcome.session, updatesAllowed: outcome.updatesAllowed, emailUpdates: outcome.emailUpdates, textUpdates: outcome.textUpdates };
    },
  );

  r.post(
    '/api/public/portals/:portalId/updates',
    {
      schema: {
        tags: ['public'],
        summary: "Send the business a short update or question from a verified client's card",
        description:
          'Needs the card session of an access-link or verified-code lookup (a plain e-mail or name search is not proof of ' +
          'identity). Stored for the business and e-mailed to the owner. Rate-limited per address, client and portal.',
        params,
        body: z.object({
          session: text(1000).min(1),
          message: text(CLIENT_UPDATE_MAX_LENGTH * 4),
        }),
        response: { 201: z.object({ id: z.string(), createdAt: z.iso.datetime() }), 400: errorShape, 401: errorShape, 403: errorShape, 404: errorShape, 429: errorShape, 503: errorShape },
      },
    },
    async (req, reply) => {
      if (!wellFormed(req.params.portalId)) throw notFound();
      const saved = await sendClientUpdate(app.ctx, req.params.portalId, req.body, req.ip);
      return reply.status(201).send(saved);
    },
  );
}

