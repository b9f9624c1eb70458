import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptTermsSchema } from '@core/validation/auth';
import { APIError } from 'better-auth/api';
import { messages } from '@core/messages';
import { emailField } from '@core/validation/email';
import { CLIENT_IP_HEADER, SITE_ORIGIN_HEADER, signUpBody } from '../../auth/create-auth';
import { requestOrigin } from '../../plugins/security';
import { loadSession } from '../../plugins/session';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const errorShape = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const resetEmail = emailField({ required: messages.forgotPassword.emailRequired, invalid: messages.forgotPassword.emailInvalid });
const signUpAnswer = z.object({ status: z.literal('check_email'), message: z.string() });
const userShape = z.object({ id: z.string(), email: z.string(), name: z.string() }).passthrough();

/** The Web request better-auth takes for `req` (with `body` instead of the request's own when given). */
async function authRequest(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, body: unknown = req.body): Promise<Request> {
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
  return new Request(url, { method: req.method, headers, body: hasBody ? JSON.stringify(body ?? {}) : undefined });
}

/**
 * Answers `answer` at once and hands the request to better-auth after the answer (decision 0021): what it does
 * (create an account or e-mail the one that exists, send a reset link or not) takes time that must not show.
 */
async function forwardAfterAnswer(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, body: unknown, answer: unknown) {
  const request = await authRequest(app, req, reply, body);
  app.ctx.afterAnswer.run(req.url, () => app.ctx.auth.handler(request));
  return reply.send(answer);
}

/** Answers a refusal thrown by our own auth checks in the one error shape. */
function sendAuthError(reply: FastifyReply, err: unknown) {
  if (!(err instanceof APIError)) throw err;
  const body = err.body as { code?: string; message?: string } | undefined;
  return reply
    .status(err.statusCode)
    .type('application/json')
    .send({ error: { code: (body?.code ?? 'auth_error').toLowerCase(), message: body?.message ?? err.message } });
}

/** Hands a request to better-auth and maps its answer back, errors in our one shape. */
async function forward(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const response = await app.ctx.auth.handler(await authRequest(app, req, reply));

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
        summary: 'Sign a business up: answers the same whether or not the address has an account',
        description:
          'After the answer, an address without an account gets its account (owner user and business profile, in one ' +
          'transaction) and an e-mail whose link confirms the address and signs in; the owner of an existing account ' +
          'gets an e-mail saying so instead. The answer never signs in: sign in with the link or the password.',
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
        response: { 200: signUpAnswer, 400: errorShape, 422: errorShape },
      },
    },
    async (req, reply) => {
      let body: Record<string, unknown>;
      try {
        body = await signUpBody(app.ctx, req.body);
      } catch (err) {
        return sendAuthError(reply, err);
      }
      return forwardAfterAnswer(app, req, reply, body, { status: 'check_email', message: messages.signup.checkEmail });
    },
  );
  r.post(
    '/api/auth/request-password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a password reset link: answers the same whether or not the address has an account',
        body: z.object({ email: resetEmail, redirectTo: z.string().optional() }),
        response: { 200: z.object({ status: z.boolean(), message: z.string() }), 400: errorShape },
      },
    },
    (req, reply) => forwardAfterAnswer(app, req, reply, req.body, { status: true, message: messages.forgotPassword.linkSentIfAccount }),
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
