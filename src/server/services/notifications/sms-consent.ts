import { and, eq } from 'drizzle-orm';
import type { SmsConsentView } from '@core/api/notifications';
import { messages } from '@core/messages';
import { notificationTexts as texts } from '@core/notification-texts';
import { readNotificationSettings } from '@core/notification-settings';
import { maskPhone, normalizePhone } from '@core/sms';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { clients, clientSmsConsents, portalNotificationSettings, portals, users } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { clientNotFoundMessage } from '../client-access/business-client';

/** The client's number (from the phone column) and its consent state, for a client of the business. */
async function clientPhone(db: Db, businessId: string, portalId: string, clientId: string) {
  const [portal] = await db
    .select({ id: portals.id, settings: portalNotificationSettings.settings })
    .from(portals)
    .leftJoin(portalNotificationSettings, eq(portalNotificationSettings.portalId, portals.id))
    .where(and(eq(portals.id, portalId), eq(portals.businessId, businessId)));
  if (!portal) throw new NotFoundError(messages.portals.notFound);
  const [client] = await db.select({ raw: clients.raw }).from(clients).where(and(eq(clients.portalId, portalId), eq(clients.clientId, clientId)));
  if (!client) throw new NotFoundError(clientNotFoundMessage);
  const column = readNotificationSettings(portal.settings).sms.phoneColumn;
  const cell = column === '' ? '' : (client.raw[column] ?? '');
  return { column, cell, phone: normalizePhone(cell) };
}

/** A "no" that is the client's own (a STOP reply, or texts turned off on their card): the owner cannot undo it. */
const clientSaidNo = (row: { consented: boolean; changedVia: string } | undefined) => row !== undefined && !row.consented && (row.changedVia === 'stop' || row.changedVia === 'code');

/** What the business sees of a client's texts: the number (masked), whether it can be texted, and the consent (how, when, by whom). */
export async function smsConsentView(db: Db, businessId: string, portalId: string, clientId: string): Promise<SmsConsentView> {
  const { column, cell, phone } = await clientPhone(db, businessId, portalId, clientId);
  const [row] = phone
    ? await db
        .select({ consented: clientSmsConsents.consented, changedVia: clientSmsConsents.changedVia, changedAt: clientSmsConsents.changedAt, recordedBy: users.name })
        .from(clientSmsConsents)
        .leftJoin(users, eq(users.id, clientSmsConsents.recordedByUserId))
        .where(and(eq(clientSmsConsents.portalId, portalId), eq(clientSmsConsents.phone, phone)))
    : [];
  const consent = row?.consented ? 'given' : clientSaidNo(row) ? 'stopped' : 'none';
  const saidNo = row?.changedVia === 'stop' ? texts.sms.optedOut : texts.sms.turnedOffOnCard;
  const problem = column === '' ? texts.sms.noPhoneColumn : !phone ? texts.sms.invalidPhone(cell) : consent === 'stopped' ? saidNo : consent === 'none' ? texts.sms.noConsent : null;
  return {
    phone: phone ? maskPhone(phone) : null,
    consent,
    via: row?.consented ? row.changedVia : null,
    since: row?.changedAt.toISOString() ?? null,
    recordedBy: row?.consented && row.changedVia === 'owner' ? row.recordedBy : null,
    problem,
  };
}

/**
 * The owner records (or withdraws) a client's consent to texts for the number in the phone column. A STOP the client
 * sent is theirs: the owner cannot give consent back over it (409); only the client's START can.
 */
export async function setSmsConsentByOwner(
  ctx: AppContext,
  businessId: string,
  portalId: string,
  clientId: string,
  consented: boolean,
  actor: { userId: string; ipAddress?: string | null },
): Promise<SmsConsentView> {
  const { phone } = await clientPhone(ctx.db, businessId, portalId, clientId);
  if (!phone) throw new ValidationError(texts.sms.consentRequired);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(clientSmsConsents).where(and(eq(clientSmsConsents.portalId, portalId), eq(clientSmsConsents.phone, phone))).for('update');
    if (consented && clientSaidNo(row)) throw new ConflictError(row!.changedVia === 'stop' ? texts.sms.optedOut : texts.sms.turnedOffOnCard, 'sms_opted_out');
    if (row?.consented === consented) return;
    const values = { portalId, phone, consented, changedVia: 'owner' as const, changedAt: now, recordedByUserId: actor.userId };
    await tx.insert(clientSmsConsents).values(values).onConflictDoUpdate({ target: [clientSmsConsents.portalId, clientSmsConsents.phone], set: values });
    await recordActivity(tx, {
      type: consented ? 'notification.sms_consent_recorded' : 'notification.sms_consent_withdrawn',
      actorUserId: actor.userId,
      businessId,
      ipAddress: actor.ipAddress ?? null,
      detail: { portalId, clientId },
    });
  });
  return smsConsentView(ctx.db, businessId, portalId, clientId);
}
