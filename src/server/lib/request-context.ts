import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What code deep in a request (the audit log) must know about who is really acting. */
export interface RequestContext {
  /**
   * During a "Login as this business" session (once it is loaded): the operator (id and name), and the business
   * owner they act as. Audit rows whose actor is that owner are the operator's doing; other rows written during the
   * request (another business's usage warning, say) are not.
   */
  impersonation: { operatorUserId: string; operatorName: string; ownerUserId: string } | null;
  /** True once an audit row naming the operator was written for this request (then no generic row is added). */
  operatorAudited: boolean;
  /** The API key the request authenticated with (audit rows written during it name the key). */
  apiKey?: { id: string; name: string } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    requestContext?: RequestContext;
  }
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Gives every request its own context, so that an audit row written anywhere during the request can name the
 * operator acting as the business (guides/security.md 12), without each route and service passing it along. The
 * context also hangs on the request, for the hooks that run after the answer (impersonation-audit.ts).
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    const context: RequestContext = { impersonation: null, operatorAudited: false };
    req.requestContext = context;
    withRequestContext(context, done);
  });
}

/** Runs `fn` (and everything it starts) with this request context. */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current request's context, or null outside a request (jobs, scripts). */
export function currentRequestContext(): RequestContext | null {
  return storage.getStore() ?? null;
}

/** The request's context (also where the async context is lost, e.g. in onResponse). */
export function contextOf(req: FastifyRequest): RequestContext | null {
  return req.requestContext ?? null;
}
