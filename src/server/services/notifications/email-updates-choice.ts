import { and, eq } from 'drizzle-orm';
import type { UnsubscribeStatus } from '@core/api/notifications';
import { readPortalConfig } from '@core/portal-config';
import { maskEmail } from '@core/validation/email';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { businessProfiles, clientNotificationPrefs, portals } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { notFound, portalUnavailable, sessionExpired } from '../portal-lookup/lookup-errors';
import { runLookupQuery, type LookupRow } from '../portal-lookup/lookup-queries';
import { openCardSession } from '../client-access/card-session';
import { sessionIsFor } from '../client-access/secrets';
import { readUnsubscribeToken, type UnsubscribeTarget } from './unsubscribe-token';
import { portalOpen } from '../billing/business-standing';

// The client's own choice about e-mail updates (issue 19 item 4, D10): off by the one-click link or the page it
// opens, on again only by the client (the page, or the card's switch after an access link or a code). The business
// sees it and cannot change it.

export type ChoiceVia = 'one_click' | 'unsubscribe_page' | 'portal_card';

export const invalidUnsubscribeLink = 'This unsubscribe link is not valid. Use the link in a more recent e-mail, or the switch on your project page.';

async function setChoice(db: Db, target: UnsubscribeTarget, optOut: boolean, via: ChoiceVia, now: Date): Promise<void> {
  await db
    .insert(clientNotificationPrefs)
    .values({ portalId: target.portalId, emailNormalized: target.emailNormalized, emailOptOut: optOut, changedVia: via, changedAt: now })
    .onConflictDoUpdate({
      target: [clientNotificationPrefs.portalId, clientNotificationPrefs.emailNormalized],
      set: { emailOptOut: optOut, changedVia: via, changedAt: now },
    });
}

async function isSubscribed(db: Db, target: UnsubscribeTarget): Promise<boolean> {
  const [row] = await db
    .select({ optOut: clientNotificationPrefs.emailOptOut })
    .from(clientNotificationPrefs)
    .where(and(eq(clientNotificationPrefs.portalId, target.portalId), eq(clientNotificationPrefs.emailNormalized, target.emailNormalized)));
  return row?.optOut !== true;
}

async function targetOf(ctx: AppContext, token: string): Promise<{ target: UnsubscribeTarget; companyName: string }> {
  const target = readUnsubscribeToken(ctx.env, token);
  if (!target) throw new NotFoundError(invalidUnsubscribeLink, 'invalid_link');
  const [portal] = await ctx.db
    .select({ config: portals.config, companyName: businessProfiles.companyName })
    .from(portals)
    .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
    .where(eq(portals.id, target.portalId));
  if (!portal) throw new NotFoundError(invalidUnsubscribeLink, 'invalid_link');
  const config = readPortalConfig(portal.config);
  return { target, companyName: config.companyName !== 'Your Company' ? config.companyName : portal.companyName };
}

/** What the unsubscribe page shows: whose updates, to which address (masked), and whether they are on. */
export async function unsubscribeStatus(ctx: AppContext, token: string): Promise<UnsubscribeStatus> {
  const { target, companyName } = await targetOf(ctx, token);
  return { companyName, email: maskEmail(target.emailNormalized), subscribed: await isSubscribed(ctx.db, target) };
}

/** Turns e-mail updates off or on for the address the link was sent to. */
export async function setEmailUpdatesByLink(ctx: AppContext, token: string, subscribed: boolean, via: ChoiceVia): Promise<UnsubscribeStatus> {
  const { target, companyName } = await targetOf(ctx, token);
  await setChoice(ctx.db, target, !subscribed, via, ctx.clock.now());
  return { companyName, email: maskEmail(target.emailNormalized), subscribed };
}

/**
 * The client behind a card session of an access link or a verified code (the only proof the card's switches accept):
 * its row, once the portal answers and the client id still names the person the session was made for.
 */
export async function cardSessionClient(ctx: AppContext, portalId: string, sessionToken: string): Promise<LookupRow> {
  const session = await openCardSession(ctx, portalId, sessionToken, ctx.clock.nowMs());
  if (!session) throw sessionExpired();
  const [row] = await runLookupQuery(ctx, 'clientId', portalId, session.clientId);
  if (!row || row.clientId === null) throw notFound();
  if (!(await portalOpen(ctx, row))) throw portalUnavailable();
  if (!sessionIsFor(ctx.env, session, row.emailNormalized!)) throw sessionExpired();
  return row;
}

/** The card's "E-mail me updates" switch: only with the card session of an access link or a verified code. */
export async function setEmailUpdatesFromCard(ctx: AppContext, portalId: string, input: { session: string; email: boolean }): Promise<{ email: boolean }> {
  const row = await cardSessionClient(ctx, portalId, input.session);
  await setChoice(ctx.db, { portalId, emailNormalized: row.emailNormalized! }, !input.email, 'portal_card', ctx.clock.now());
  return { email: input.email };
}

/** Whether the client of a card gets e-mail updates (for the card's switch). */
export function cardEmailUpdates(db: Db, portalId: string, emailNormalized: string): Promise<boolean> {
  return isSubscribed(db, { portalId, emailNormalized });
}
