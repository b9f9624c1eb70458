import { eq } from 'drizzle-orm';
import { CLIENT_UPDATE_MAX_LENGTH, portalAnswerTexts, portalTexts } from '@core/portal-texts';
import type { AppContext } from '../../context';
import { businessProfiles, clientUpdates } from '../../db/schema';
import { DEMO_BUSINESS_ID } from '../../db/seed/demo-business';
import { ForbiddenError, ValidationError } from '../../errors';
import { openCardSession } from '../client-access/card-session';
import { sessionIsFor } from '../client-access/secrets';
import { sendTemplateEmail } from '../email-templates/send-template-email';
import { notFound, portalUnavailable, sessionExpired } from '../portal-lookup/lookup-errors';
import { checkUpdateLimits } from '../portal-lookup/lookup-limits';
import { runLookupQuery } from '../portal-lookup/lookup-queries';
import { currentPortalSettings } from '../portal-lookup/portal-settings';
import { enqueueWebhooks } from '../webhooks/enqueue-webhooks';
import { portalOpen } from '../billing/business-standing';

type Ctx = Pick<AppContext, 'db' | 'env' | 'logger' | 'mailer' | 'settings' | 'rateStore' | 'jobs' | 'clock' | 'portalMeta'>;

/**
 * A client's update or question from the card (issue 5, item 3). Only a visitor who proved who they are may send
 * one: the card session from an access link or an e-mailed code (never a bare e-mail or name lookup, which anyone
 * who knows the address could make). Stored for the business, e-mailed to the owner, rate-limited per address,
 * client and portal, and sent to the business's webhooks asking for `client.update_submitted` (in the same transaction).
 */
export async function sendClientUpdate(ctx: Ctx, portalId: string, input: { session: string; message: string }, ip: string) {
  const session = await openCardSession(ctx, portalId, input.session);
  if (!session) throw sessionExpired();
  const message = input.message.replace(/\r\n/g, '\n').trim();
  if (message.length === 0) throw new ValidationError(portalTexts.updateEmpty);
  if (message.length > CLIENT_UPDATE_MAX_LENGTH) throw new ValidationError(portalAnswerTexts.updateTooLong(CLIENT_UPDATE_MAX_LENGTH));

  const [row] = await runLookupQuery(ctx, 'clientId', portalId, session.clientId);
  if (!row) throw notFound();
  if (!(await portalOpen(ctx, row))) throw portalUnavailable();
  if (row.clientId === null) throw notFound();
  // The client id now names someone else (a row of an id-less sheet was deleted): the session is over.
  if (!sessionIsFor(ctx.env, session, row.emailNormalized!)) throw sessionExpired();
  const { config } = await currentPortalSettings(ctx.db, row.portalId, row.portalUpdatedAt);
  if (!config.allowClientUpdates) throw new ForbiddenError(portalAnswerTexts.updatesOff, 'updates_off');
  await checkUpdateLimits(ctx.rateStore, ip, portalId, row.clientId);

  const clientId = row.clientId;
  const saved = await ctx.db.transaction(async (tx) => {
    const [update] = await tx
      .insert(clientUpdates)
      .values({ portalId, clientId, businessId: row.businessId, message, via: session.via })
      .returning({ id: clientUpdates.id, createdAt: clientUpdates.createdAt });
    // The business's webhooks hear of it with the update (decision 0018), in the same transaction.
    const data = { updateId: update!.id, portalId, clientId, client: { id: clientId, name: row.name, email: row.email }, message, via: session.via, submittedAt: update!.createdAt.toISOString() };
    await enqueueWebhooks(ctx, tx, [{ businessId: row.businessId, type: 'client.update_submitted', data }]);
    return update;
  });

  if (row.businessId !== DEMO_BUSINESS_ID) {
    void notifyOwner(ctx, row.businessId, { portalId, clientName: row.name!, clientEmail: row.email!, message }).catch((err: unknown) =>
      ctx.logger.warn({ err, portalId }, 'could not e-mail a client update to the business owner'),
    );
  }
  return { id: saved!.id, createdAt: saved!.createdAt.toISOString() };
}

/** E-mails the owner from the 'client_update' template (operator-editable); Reply-To is the client. */
async function notifyOwner(ctx: Ctx, businessId: string, u: { portalId: string; clientName: string; clientEmail: string; message: string }) {
  const [owner] = await ctx.db
    .select({ email: businessProfiles.email, ownerName: businessProfiles.ownerName })
    .from(businessProfiles)
    .where(eq(businessProfiles.id, businessId));
  if (!owner) return;
  await sendTemplateEmail(
    ctx,
    'client_update',
    owner.email,
    { ownerName: owner.ownerName, clientName: u.clientName, clientEmail: u.clientEmail, message: u.message, link: `${ctx.env.APP_URL}/app/portals` },
    { replyTo: u.clientEmail },
  );
}
