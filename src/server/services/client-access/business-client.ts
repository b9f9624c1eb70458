import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '@core/messages';
import type { Db } from '../../db/client';
import { clients, portals } from '../../db/schema';
import { NotFoundError } from '../../errors';

export const clientNotFoundMessage = 'Client not found.';

/**
 * A client of one of the business's portals (not removed from the sheet). Another business's portal or client is
 * not found (404), whatever ids are sent: the business id comes from the session.
 */
export async function getBusinessClient(db: Db, businessId: string, portalId: string, clientId: string) {
  const [row] = await db
    .select({
      portalId: portals.id,
      clientId: clients.clientId,
      name: clients.name,
      email: clients.email,
      emailNormalized: clients.emailNormalized,
      removedAt: clients.removedAt,
    })
    .from(portals)
    .leftJoin(clients, and(eq(clients.portalId, portals.id), eq(clients.clientId, clientId), isNull(clients.removedAt)))
    .where(and(eq(portals.id, portalId), eq(portals.businessId, businessId)));
  if (!row) throw new NotFoundError(messages.portals.notFound);
  if (row.clientId === null || row.name === null || row.email === null || row.emailNormalized === null) throw new NotFoundError(clientNotFoundMessage);
  return { portalId: row.portalId, clientId: row.clientId, name: row.name, email: row.email, emailNormalized: row.emailNormalized };
}
