import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/** What code deep in a request (the audit log) must know about who is really acting. */
export interface RequestContext {
  /** The platform operator behind a "Login as this business" session, once the session is loaded; else null. */
  operatorUserId: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Gives every request its own context, so that an audit row written anywhere during the request can name the
 * operator acting as the business (guides/security.md 12), without each route and service passing it along.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, _reply, done) => storage.run({ operatorUserId: null }, done));
}

/** The current request's context, or null outside a request (jobs, scripts). */
export function currentRequestContext(): RequestContext | null {
  return storage.getStore() ?? null;
}
