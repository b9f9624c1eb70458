import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { isOneOf } from '../../db/one-of';
import { businessProfiles, clients, notificationMessages, portalNotificationSettings, portals } from '../../db/schema';
import { toldEstimateDateOf } from '../estimates/client-estimate-view';

/** Which messages to load: these (a text's job), or up to `limit` due e-mails of a portal not held by another sender. */
export type Selection = { ids: string[] } | { portalId: string; now: Date; limit: number };

type Message = typeof notificationMessages.$inferSelect;

/**
 * Locks the selected messages (`for update`; due e-mails `skip locked`, so senders side by side never take the same
 * one) and returns them as locked: the newest version of each row, which a change merged into a message just before
 * the lock was taken is part of.
 */
function lockMessages(tx: Tx, selection: Selection): Promise<Message[]> {
  if ('ids' in selection) return tx.select().from(notificationMessages).where(inArray(notificationMessages.id, selection.ids)).orderBy(notificationMessages.id).for('update');
  return tx
    .select()
    .from(notificationMessages)
    .where(
      and(
        eq(notificationMessages.portalId, selection.portalId),
        eq(notificationMessages.channel, 'email'),
        sql`${notificationMessages.state} in ('pending', 'held', 'sending')`,
        lte(notificationMessages.sendAfter, selection.now),
      ),
    )
    // By due time alone: ties (a sync's messages share one) come in the index's order, so the first `limit` are read
    // and no more (a tie broken by id would read and sort every due message of the portal, each round).
    .orderBy(notificationMessages.sendAfter)
    .limit(selection.limit)
    .for('update', { skipLocked: true });
}

// The subqueries name the outer row in full: drizzle leaves the table's name off the columns of a one-table select.
const CLIENT = sql.raw('"clients"');
const TOKEN_OF_CLIENT = sql.raw('t.portal_id = "clients".portal_id and t.client_id = "clients".client_id');

/**
 * The clients of one portal's messages, with what deciding and writing their messages needs of each. What belongs to
 * a client is looked up per client by its key (a subquery each): a join could be planned as a scan of the portal's
 * links or estimates, which the embedded database (no autovacuum, so no fresh statistics) takes for empty tables.
 */
function loadClients(tx: Tx, portalId: string, businessId: string, clientIds: string[], withCells: boolean) {
  return tx
    .select({
      clientId: clients.clientId,
      name: clients.name,
      email: clients.email,
      emailNormalized: clients.emailNormalized,
      status: clients.status,
      priority: clients.priority,
      // The row's cells only for texts (their phone column): e-mails do not need them.
      raw: withCells ? clients.raw : sql<Record<string, string> | null>`null`,
      removedAt: clients.removedAt,
      position: clients.queuePosition,
      // The date the card shows, as the events say it.
      estimate: toldEstimateDateOf(CLIENT),
      optedOut: sql<boolean | null>`(select p.email_opt_out from client_notification_prefs p where p.portal_id = ${CLIENT}.portal_id and p.email_normalized = ${CLIENT}.email_normalized)`,
      bounced: sql<string | null>`(select b.reason from email_bounces b where b.business_id = ${businessId} and b.email_normalized = ${CLIENT}.email_normalized)`,
      tokenSealed: sql<string | null>`(select t.token_sealed from client_access_tokens t where ${TOKEN_OF_CLIENT})`,
      tokenEmail: sql<string | null>`(select t.email_normalized from client_access_tokens t where ${TOKEN_OF_CLIENT})`,
    })
    .from(clients)
    .where(and(eq(clients.portalId, portalId), isOneOf(clients.clientId, clientIds)));
}

type ClientRow = Awaited<ReturnType<typeof loadClients>>[number];

/** The portals of the messages, with their notification settings. */
function loadPortals(tx: Tx, portalIds: string[]) {
  return tx
    .select({ id: portals.id, config: portals.config, workload: portals.workloadSettings, settings: portalNotificationSettings.settings })
    .from(portals)
    .leftJoin(portalNotificationSettings, eq(portalNotificationSettings.portalId, portals.id))
    .where(inArray(portals.id, portalIds));
}

function loadBusinesses(tx: Tx, businessIds: string[]) {
  return tx
    .select({ id: businessProfiles.id, companyName: businessProfiles.companyName, email: businessProfiles.email, plan: businessProfiles.plan, timeZone: businessProfiles.timeZone })
    .from(businessProfiles)
    .where(inArray(businessProfiles.id, businessIds));
}

/** A locked message with its client (null when gone), portal, business, settings, the client's choice, bounce and link. */
export interface MessageRow {
  m: Message;
  client: Pick<ClientRow, 'name' | 'email' | 'emailNormalized' | 'status' | 'priority' | 'raw' | 'removedAt' | 'position' | 'estimate'> | null;
  portal: { config: Record<string, unknown>; workload: Record<string, unknown> };
  business: { companyName: string; email: string; plan: string; timeZone: string };
  settings: Record<string, unknown> | null;
  optedOut: boolean | null;
  bounced: string | null;
  token: { sealed: string | null; emailNormalized: string } | null;
}

const distinct = (values: string[]) => [...new Set(values)];

/**
 * Locks the selected messages and loads what deciding them needs: the messages alone first (one table, so a round of
 * a portal's due e-mails reads only its own rows), then per portal its clients, and the portals and businesses once
 * each (not once per message). Messages whose portal or business is gone are left out, as an inner join would.
 */
export async function loadMessages(tx: Tx, selection: Selection): Promise<MessageRow[]> {
  const messages = await lockMessages(tx, selection);
  if (messages.length === 0) return [];
  const portalRows = await loadPortals(tx, distinct(messages.map((m) => m.portalId)));
  const businessRows = await loadBusinesses(tx, distinct(messages.map((m) => m.businessId)));
  const portalById = new Map(portalRows.map((p) => [p.id, p]));
  const businessById = new Map(businessRows.map((b) => [b.id, b]));
  const clientByKey = new Map<string, ClientRow>();
  // Per portal and business (one, in practice): the portal's clients, the business's bounces.
  const groups = new Map<string, Message[]>();
  for (const m of messages) {
    const key = `${m.portalId}\n${m.businessId}`;
    const group = groups.get(key);
    if (group) group.push(m);
    else groups.set(key, [m]);
  }
  for (const [key, group] of groups) {
    const { portalId, businessId } = group[0]!;
    const withCells = group.some((m) => m.channel === 'sms');
    for (const c of await loadClients(tx, portalId, businessId, distinct(group.map((m) => m.clientId)), withCells)) clientByKey.set(`${key}\n${c.clientId}`, c);
  }
  const rows: MessageRow[] = [];
  for (const m of messages) {
    const portal = portalById.get(m.portalId);
    const business = businessById.get(m.businessId);
    if (!portal || !business) continue;
    const c = clientByKey.get(`${m.portalId}\n${m.businessId}\n${m.clientId}`);
    rows.push({
      m,
      client: c ? { name: c.name, email: c.email, emailNormalized: c.emailNormalized, status: c.status, priority: c.priority, raw: m.channel === 'sms' ? c.raw : null, removedAt: c.removedAt, position: c.position, estimate: c.estimate } : null,
      portal: { config: portal.config, workload: portal.workload },
      business: { companyName: business.companyName, email: business.email, plan: business.plan, timeZone: business.timeZone },
      settings: portal.settings,
      optedOut: c?.optedOut ?? null,
      bounced: c?.bounced ?? null,
      token: c?.tokenEmail != null ? { sealed: c.tokenSealed, emailNormalized: c.tokenEmail } : null,
    });
  }
  return rows;
}
