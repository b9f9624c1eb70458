import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { businessProfiles } from '../db/schema';
import { contextOf, withRequestContext } from '../lib/request-context';
import { recordActivity } from '../services/activity/record-activity';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The activity type of a request made during "Login as this business" that wrote no audit row of its own. */
export const IMPERSONATED_ACTION = 'admin.impersonated_action';

/**
 * Everything an operator does while signed in as a business is in the activity log with the operator's name
 * (guides/security.md 12): a state-changing request of an impersonation session, on any route (better-auth's
 * /api/auth/* too: renaming the owner, ending their sessions), that wrote no audit row naming the operator gets
 * one after its answer, with its method, path and status. Refused requests are recorded too: an attempt is an act.
 */
export function registerImpersonationAudit(app: FastifyInstance): void {
  app.addHook('onResponse', async (req, reply) => {
    const context = contextOf(req);
    const acting = context?.impersonation;
    if (!context || !acting || context.operatorAudited || READS.has(req.method)) return;
    try {
      const [business] = await app.ctx.db.select({ id: businessProfiles.id }).from(businessProfiles).where(eq(businessProfiles.userId, acting.ownerUserId));
      await withRequestContext(context, () =>
        recordActivity(app.ctx.db, {
          type: IMPERSONATED_ACTION,
          actorUserId: acting.ownerUserId,
          businessId: business?.id ?? null,
          ipAddress: req.ip,
          detail: { method: req.method, path: req.url.split('?')[0], status: reply.statusCode },
        }),
      );
    } catch (err) {
      req.log.error({ err }, 'could not record an action made during an impersonation');
    }
  });
}
