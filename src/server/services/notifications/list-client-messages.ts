import { and, desc, eq } from 'drizzle-orm';
import type { ClientMessages } from '@core/api/notifications';
import { messages } from '@core/messages';
import { notificationTexts as texts } from '@core/notification-texts';
import { isEmail } from '@core/validation/email';
import type { Db } from '../../db/client';
import { clientNotificationPrefs, clients, emailBounces, notificationMessages, portals } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { clientNotFoundMessage } from '../client-access/business-client';

/** The result shown for a message: its state in words ('Written to the server log' when no mail server is set up). */
export function messageResult(state: keyof typeof texts.states, via: string | null): string {
  return state === 'sent' && via === 'log' ? texts.states.logged : texts.states[state];
}

/**
 * Every message to one client of the business (newest first, the last 500) and whether e-mail can reach them. A
 * removed client's messages are still listed; another business's portal or client is not found.
 */
export async function listClientMessages(db: Db, businessId: string, portalId: string, clientId: string): Promise<ClientMessages> {
  const [portal] = await db.select({ id: portals.id }).from(portals).where(and(eq(portals.id, portalId), eq(portals.businessId, businessId)));
  if (!portal) throw new NotFoundError(messages.portals.notFound);
  const [client] = await db
    .select({ email: clients.email, emailNormalized: clients.emailNormalized, optedOut: clientNotificationPrefs.emailOptOut, bouncedAt: emailBounces.bouncedAt, bounceReason: emailBounces.reason })
    .from(clients)
    .leftJoin(clientNotificationPrefs, and(eq(clientNotificationPrefs.portalId, clients.portalId), eq(clientNotificationPrefs.emailNormalized, clients.emailNormalized)))
    .leftJoin(emailBounces, and(eq(emailBounces.businessId, businessId), eq(emailBounces.emailNormalized, clients.emailNormalized)))
    .where(and(eq(clients.portalId, portalId), eq(clients.clientId, clientId)));
  if (!client) throw new NotFoundError(clientNotFoundMessage);
  const rows = await db
    .select()
    .from(notificationMessages)
    .where(and(eq(notificationMessages.portalId, portalId), eq(notificationMessages.clientId, clientId)))
    .orderBy(desc(notificationMessages.createdAt), desc(notificationMessages.id))
    .limit(500);
  const valid = isEmail(client.email.trim());
  const optedOut = client.optedOut === true;
  const bouncing = client.bouncedAt ? { since: client.bouncedAt.toISOString(), reason: client.bounceReason ?? '' } : null;
  const problem = !valid ? texts.skipped.invalidAddress(client.email) : optedOut ? texts.skipped.optedOut : bouncing ? `${texts.skipped.bouncing} (${bouncing.reason})` : null;
  return {
    messages: rows.map((m) => ({
      id: m.id,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      channel: m.channel,
      purpose: m.purpose,
      triggers: m.triggers,
      state: m.state,
      result: messageResult(m.state, m.via),
      detail: m.detail,
      to: m.toAddress,
      subject: m.subject,
      sendAfter: m.sendAfter.toISOString(),
      via: m.via,
    })),
    email: { address: client.email, valid, optedOut, bouncing, problem },
  };
}
