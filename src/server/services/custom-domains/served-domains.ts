import { and, eq, inArray } from 'drizzle-orm';
import { domainServed, normalizeDomainName } from '@core/custom-domains';
import { planAllows } from '@core/plan-features';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { businessProfiles, customDomains } from '../../db/schema';
import { businessPlanId } from '../business/plan-access';
import { proven } from './domain-rules';

/** The portal a custom domain serves. */
export interface ServedDomain {
  name: string;
  portalId: string;
  businessId: string;
}

const MAX_ENTRIES = 10_000;

type Entry = { value: ServedDomain | null; servedUntil: number | null; readAt: number };
const caches = new WeakMap<AppContext, Map<string, Entry>>();

function cacheOf(ctx: AppContext): Map<string, Entry> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  return cache;
}

/** Drops what this instance remembers about a name (after it was added, verified, checked or removed). */
export function forgetServedDomain(ctx: AppContext, name: string): void {
  cacheOf(ctx).delete(name);
}

async function readServedDomain(ctx: AppContext, name: string): Promise<Entry> {
  const [row] = await ctx.db
    .select({ name: customDomains.name, portalId: customDomains.portalId, businessId: customDomains.businessId, status: customDomains.status, servedUntil: customDomains.servedUntil, plan: businessProfiles.plan })
    .from(customDomains)
    .innerJoin(businessProfiles, eq(businessProfiles.id, customDomains.businessId))
    .where(and(eq(customDomains.name, name), proven));
  const now = ctx.clock.nowMs();
  if (!row || !planAllows(businessPlanId(row), 'customDomain') || !domainServed(row, now)) return { value: null, servedUntil: null, readAt: now };
  return { value: { name: row.name, portalId: row.portalId, businessId: row.businessId }, servedUntil: row.servedUntil?.getTime() ?? null, readAt: now };
}

/**
 * The portal served on this host, or null: a verified name (or a failing one in its 7 days) of a business whose
 * plan includes custom domains. Read through a short per-instance cache of DOMAIN_CACHE_MS (every request of a portal
 * page asks; changes made on this instance apply at once).
 */
export async function findServedDomain(ctx: AppContext, host: string): Promise<ServedDomain | null> {
  const name = normalizeDomainName(host.replace(/:\d+$/, ''));
  if (!name || name.length > 253) return null;
  const cache = cacheOf(ctx);
  const now = ctx.clock.nowMs();
  let entry = cache.get(name);
  if (!entry || now - entry.readAt >= ctx.env.DOMAIN_CACHE_MS || (entry.servedUntil !== null && now >= entry.servedUntil)) {
    entry = await readServedDomain(ctx, name);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(name, entry);
  }
  return entry.value;
}

/** The names the portals are served on now (portals without one are left out): access links and e-mails use them. */
export async function servedDomainNames(q: Db | Tx, portalIds: readonly string[], nowMs: number): Promise<Map<string, string>> {
  const ids = [...new Set(portalIds)];
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ name: customDomains.name, portalId: customDomains.portalId, status: customDomains.status, servedUntil: customDomains.servedUntil, plan: businessProfiles.plan })
    .from(customDomains)
    .innerJoin(businessProfiles, eq(businessProfiles.id, customDomains.businessId))
    .where(and(inArray(customDomains.portalId, ids), proven));
  return new Map(rows.filter((r) => planAllows(businessPlanId(r), 'customDomain') && domainServed(r, nowMs)).map((r) => [r.portalId, r.name]));
}
