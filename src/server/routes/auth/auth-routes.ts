import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptTermsSchema } from '@core/validation/auth';
import { CLIENT_IP_HEADER, SITE_ORIGIN_HEADER } from '../../auth/create-auth';
import { requestOrigin } from '../../plugins/security';
import { loadSession } from '../../plugins/session';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const userShape = z.object({ id: z.string(), email: z.string(), name: z.string() }).passthrough();

/** Hands a request to better-auth and maps its answer back, errors in our one shape. */
async function forward(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  // A change made with a session: read it first, so that an operator's "Login as this business" is known to the
  // audit (plugins/impersonation-audit.ts) before better-auth changes or ends the session.
  if (!READS.has(req.method) && req.headers.cookie?.includes('session_token=')) await loadSession(req, reply);
  const url = new URL(req.url, app.ctx.env.APP_URL);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER || key === SITE_ORIGIN_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  headers.set(CLIENT_IP_HEADER, req.ip);
  headers.set(SITE_ORIGIN_HEADER, requestOrigin(req));
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  const response = await app.ctx.auth.handler(
    new Request(url, { method: req.method, headers, body: hasBody ? JSON.stringify(req.body ?? {}) : undefined }),
  );

  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie' || key === 'content-length' || key === 'content-encoding') return;
    reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);

  const text = await response.text();
  if (response.status >= 400) {
    let code = 'auth_error';
    let message = response.statusText || 'Request failed';
    try {
      const body = JSON.parse(text) as { code?: string; message?: string };
      code = (body.code ?? code).toLowerCase();
      message = body.message ?? message;
    } catch {
      /* not JSON */
    }
    return reply.type('application/json').send({ error: { code, message } });
  }
  if (!text) return reply.send();
  return reply.type(response.headers.get('content-type') ?? 'application/json').send(text);
}

/** better-auth under /api/auth. The two contract routes are declared for validation and OpenAPI; the rest pass through. */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/auth/sign-up/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a business account (owner user and business profile, in one transaction) and sign in',
        body: z.object({
          email: z.string(),
          password: z.string(),
          name: z.string().describe("The owner's name"),
          companyName: z.string(),
          phone: z.string(),
          plan: z.enum(['starter', 'professional', 'business']).optional(),
          timeZone: z.string().optional().describe('IANA time zone, e.g. Europe/London'),
          acceptTerms: acceptTermsSchema.describe('The owner accepted the Terms of Service and Privacy Policy (must be true)'),
        }),
        response: { 200: z.object({ token: z.string().nullable(), user: userShape }), 400: errorShape, 422: errorShape },
      },
    },
    (req, reply) => forward(app, req, reply),
  );
  r.post(
    '/api/auth/sign-in/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; sets the session cookie',
        body: z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional() }),
        response: { 200: z.object({ token: z.string(), user: userShape }).passthrough(), 401: errorShape, 403: errorShape, 429: errorShape },
      },
    },
    (req, reply) => forward(app, req, reply),
  );
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: (req, reply) => forward(app, req, reply),
  });
}
