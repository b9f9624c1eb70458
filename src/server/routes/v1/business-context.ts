import type { FastifyRequest } from 'fastify';
import { messages } from '@core/messages';
import { ForbiddenError } from '../../errors';
import { getBusinessByUser, type BusinessProfile } from '../../services/business/get-business-by-user';

/** The signed-in owner's business (after requireSession); 403 for an account without one. */
export async function sessionBusiness(req: FastifyRequest): Promise<BusinessProfile> {
  const business = await getBusinessByUser(req.server.ctx.db, req.sessionUser!.id);
  if (!business) throw new ForbiddenError(messages.portals.businessRequired, 'business_required');
  return business;
}
