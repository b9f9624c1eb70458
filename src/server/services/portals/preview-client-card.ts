import { and, asc, eq, isNull } from 'drizzle-orm';
import { NO_CLIENTS_ERROR } from '@core/api/error-codes';
import type { Db } from '../../db/client';
import { clientEstimates, clients, portalEstimateState } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { clientNotFoundMessage } from '../client-access/business-client';
import { buildClientCard, type ClientCard } from '../portal-lookup/client-card';
import { portalSettings } from '../portal-lookup/portal-settings';
import { todayIn } from '../usage/usage-month';
import { getPortalRow } from './get-portal';

/**
 * The card the public portal would show one of the business's clients, with every part present whatever the
 * configuration hides (the Template Configurator previews the show/hide switches on it before they are saved).
 * Without a client id, the portal's first client by sheet row. Another business's portal or client is not found.
 */
export async function previewClientCard(
  db: Db,
  business: { id: string; timeZone: string },
  portalId: string,
  clientId?: string,
  now = new Date(),
): Promise<{ clientId: string; card: ClientCard }> {
  const portal = await getPortalRow(db, business.id, portalId);
  const scope = and(eq(clients.portalId, portal.id), isNull(clients.removedAt));
  const [row] = await db
    .select()
    .from(clients)
    .where(clientId === undefined ? scope : and(scope, eq(clients.clientId, clientId)))
    .orderBy(asc(clients.row))
    .limit(1);
  if (!row) throw new NotFoundError(clientNotFoundMessage, clientId === undefined ? NO_CLIENTS_ERROR : 'not_found');
  const settings = portalSettings(portal.id, portal.updatedAt, portal.config, portal.workloadSettings);
  const today = todayIn(business.timeZone, now.getTime());
  const everything = { ...settings.config, showPriority: true, showEstimatedCompletion: true, estimateStyle: 'range' as const, showNotes: true, showDueDate: true, showProgressBar: true };
  const [stored] = await db
    .select({ likely: clientEstimates.likely, low: clientEstimates.low, high: clientEstimates.high, basis: clientEstimates.basis, reason: clientEstimates.reason, updatedAt: portalEstimateState.updatedAt, pace: portalEstimateState.pace })
    .from(clientEstimates)
    .innerJoin(portalEstimateState, eq(portalEstimateState.portalId, clientEstimates.portalId))
    .where(and(eq(clientEstimates.portalId, portal.id), eq(clientEstimates.clientId, row.clientId)));
  const card = buildClientCard(
    {
      name: row.name,
      email: row.email,
      status: row.status,
      dueDate: row.dueDate,
      dueDateText: row.dueDateText,
      notes: row.notes,
      queueState: row.queueState,
      queuePosition: row.queuePosition,
      estimatedWorkingDays: row.estimatedWorkingDays,
      estimatedCompletion: row.estimatedCompletion,
      estimate: stored ?? null,
    },
    { config: everything, workload: settings.workload, calendar: settings.calendar, today, staleEstimates: portal.queueComputedFor !== today, estimatesUpdatedAt: stored?.updatedAt ?? null, estimatesPace: stored?.pace ?? null, now },
  );
  return { clientId: row.clientId, card };
}
