import type { FastifyRequest } from 'fastify';
import { messages } from '@core/messages';
import { ForbiddenError } from '../../errors';
import { getBusinessByUser, type BusinessProfile } from '../../services/business/get-business-by-user';

/**
 * The business of the caller (after requireSession or requireBusinessCaller): the signed-in owner's, or the one an
 * API key belongs to (loaded with the key); 403 for an account without one.
 */
export async function sessionBusiness(req: FastifyRequest): Promise<BusinessProfile> {
  if (req.apiKey) return req.apiKey.business;
  const business = await getBusinessByUser(req.server.ctx.db, req.sessionUser!.id);
  if (!business) throw new ForbiddenError(messages.portals.businessRequired, 'business_required');
  return business;
}
