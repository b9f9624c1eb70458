import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** What code deep in a request (the audit log) must know about who is really acting. */
export interface RequestContext {
  /**
   * During a "Login as this business" session (once it is loaded): the operator, and the business owner they act
   * as. Audit rows whose actor is that owner are the operator's doing; other rows written during the request
   * (another business's usage warning, say) are not.
   */
  impersonation: { operatorUserId: string; ownerUserId: string } | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Gives every request its own context, so that an audit row written anywhere during the request can name the
 * operator acting as the business (guides/security.md 12), without each route and service passing it along.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, _reply, done) => withRequestContext({ impersonation: null }, done));
}

/** Runs `fn` (and everything it starts) with this request context. */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current request's context, or null outside a request (jobs, scripts). */
export function currentRequestContext(): RequestContext | null {
  return storage.getStore() ?? null;
}
