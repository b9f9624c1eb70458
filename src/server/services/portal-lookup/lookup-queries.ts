import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { businessProfiles, clientAccessTokens, clients, portals } from '../../db/schema';

// The lookup is one indexed query: the portal by primary key, its business by primary key, and the client by
// (portal, normalized e-mail), (portal, normalized name), the access token's hash, or (portal, client id). Each is
// a prepared statement, built once per database. The portal's configuration JSON is not in it: it is read (once
// per change of the portal's updated_at) by portal-settings.ts.

const fields = {
  portalId: portals.id,
  businessId: portals.businessId,
  lastSyncedAt: portals.lastSyncedAt,
  queueComputedFor: portals.queueComputedFor,
  portalUpdatedAt: portals.updatedAt,
  businessStatus: businessProfiles.status,
  plan: businessProfiles.plan,
  timeZone: businessProfiles.timeZone,
  clientId: clients.clientId,
  name: clients.name,
  email: clients.email,
  status: clients.status,
  dueDate: clients.dueDate,
  dueDateText: clients.dueDateText,
  notes: clients.notes,
  queueState: clients.queueState,
  queuePosition: clients.queuePosition,
  estimatedWorkingDays: clients.estimatedWorkingDays,
  estimatedCompletion: clients.estimatedCompletion,
};

const tokenFields = { ...fields, tokenLastUsedAt: clientAccessTokens.lastUsedAt };

const portalId = sql.placeholder('portalId');
const value = sql.placeholder('value');

function build(db: Db) {
  const base = () => db.select(fields).from(portals).innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId));
  return {
    byEmail: base()
      .leftJoin(clients, and(eq(clients.portalId, portals.id), eq(clients.emailNormalized, value), isNull(clients.removedAt)))
      .where(eq(portals.id, portalId))
      .limit(5)
      .prepare('portal_lookup_by_email'),
    byName: base()
      .leftJoin(clients, and(eq(clients.portalId, portals.id), eq(clients.nameNormalized, value), isNull(clients.removedAt)))
      .where(eq(portals.id, portalId))
      .limit(5)
      .prepare('portal_lookup_by_name'),
    byClientId: base()
      .leftJoin(clients, and(eq(clients.portalId, portals.id), eq(clients.clientId, value), isNull(clients.removedAt)))
      .where(eq(portals.id, portalId))
      .limit(1)
      .prepare('portal_lookup_by_client_id'),
    settings: db
      .select({ config: portals.config, workloadSettings: portals.workloadSettings, updatedAt: portals.updatedAt })
      .from(portals)
      .where(eq(portals.id, portalId))
      .prepare('portal_lookup_settings'),
    byToken: db
      .select(tokenFields)
      .from(portals)
      .innerJoin(businessProfiles, eq(businessProfiles.id, portals.businessId))
      .leftJoin(clientAccessTokens, and(eq(clientAccessTokens.portalId, portals.id), eq(clientAccessTokens.tokenHash, value)))
      .leftJoin(clients, and(eq(clients.portalId, clientAccessTokens.portalId), eq(clients.clientId, clientAccessTokens.clientId), isNull(clients.removedAt)))
      .where(eq(portals.id, portalId))
      .limit(1)
      .prepare('portal_lookup_by_token'),
  };
}

export type LookupRow = Awaited<ReturnType<ReturnType<typeof build>['byEmail']['execute']>>[number];
export type LookupKind = 'email' | 'name' | 'clientId' | 'token';

const cache = new WeakMap<Db, ReturnType<typeof build>>();

function statements(db: Db) {
  let s = cache.get(db);
  if (!s) {
    s = build(db);
    cache.set(db, s);
  }
  return s;
}

/**
 * The portal (with its business) and the clients matching the key: no rows when the portal does not exist, one
 * row with a null client when nothing matched, else one row per matching client (at most 5).
 */
export async function runLookupQuery(db: Db, kind: LookupKind, portal: string, key: string): Promise<(LookupRow & { tokenLastUsedAt?: Date | null })[]> {
  const s = statements(db);
  const stmt = kind === 'email' ? s.byEmail : kind === 'name' ? s.byName : kind === 'clientId' ? s.byClientId : s.byToken;
  const rows = await stmt.execute({ portalId: portal, value: key });
  return rows as (LookupRow & { tokenLastUsedAt?: Date | null })[];
}

/** The portal's stored configuration and workload settings (read when the remembered ones are out of date). */
export async function readPortalSettingsRow(db: Db, portal: string) {
  const [row] = await statements(db).settings.execute({ portalId: portal });
  return row ?? null;
}
