import type { FastifyInstance } from 'fastify';
import { messages } from '@core/messages';
import { UnavailableError } from '../errors';

/** Seconds a caller of a recovering portal is told to wait before trying again. */
const RETRY_AFTER_SECONDS = '5';

/**
 * While the recovery at start works on a portal (startRecovery in services/sheet-sync/run-recovery.ts: an import the
 * last process left half-applied), every request naming that portal (`:portalId`, business and public routes alike) answers 503
 * `portal_recovering` with Retry-After, instead of showing some clients changed and others not. Other portals and
 * businesses are served as usual. Costs nothing once no portal is recovering (the usual case).
 */
export function registerPortalRecoveryGate(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    const recovering = app.ctx.recoveringPortals;
    if (recovering.size === 0) return done();
    const portalId = (req.params as { portalId?: unknown } | undefined)?.portalId;
    if (typeof portalId !== 'string' || !recovering.has(portalId)) return done();
    reply.header('retry-after', RETRY_AFTER_SECONDS);
    done(new UnavailableError(messages.system.portalRecovering, 'portal_recovering'));
  });
}
