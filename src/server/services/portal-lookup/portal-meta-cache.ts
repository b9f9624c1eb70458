import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { readPortalMeta, type PortalMeta } from './lookup-queries';

/**
 * What a portal lookup needs of the portal and its business (status, plan, time zone, when its queue was computed),
 * remembered per instance: reading it with every lookup was a third of the database's work per lookup. One cache per
 * app (the app context's `portalMeta`). Writers on this instance say what they changed once it is committed, and
 * the next lookup reads it again; a change made on another instance shows within the TTL (PORTAL_META_CACHE_MS,
 * default 1 s: docs/deployment.md).
 */
export interface PortalMetaCache {
  /** The portal and its business, or null when there is no such portal (concurrent reads share one query). */
  read(portalId: string): Promise<PortalMeta | null>;
  /** A portal's row changed (configuration, sync, queue day, estimates, deletion): its next lookup reads it again. */
  portalChanged(portalId: string): void;
  /** A business changed (status, plan, billing, time zone, deletion): every one of its portals is read again. */
  businessChanged(businessId: string): void;
}

const MAX_REMEMBERED = 10_000;

interface Entry {
  meta: Promise<PortalMeta | null>;
  until: number;
  /** Known once the read has answered; an entry still reading is dropped by any business change. */
  businessId?: string;
}

export function createPortalMetaCache(deps: { db: Db; clock: Pick<Clock, 'nowMs'>; ttlMs: number }): PortalMetaCache {
  const entries = new Map<string, Entry>();
  return {
    read(portalId) {
      const now = deps.clock.nowMs();
      const hit = entries.get(portalId);
      if (hit && hit.until > now) return hit.meta;
      if (entries.size >= MAX_REMEMBERED) entries.clear();
      const entry: Entry = { meta: readPortalMeta(deps.db, portalId), until: now + deps.ttlMs };
      entries.set(portalId, entry);
      entry.meta.then(
        (meta) => void (entry.businessId = meta?.businessId),
        // A failed read is not remembered.
        () => void (entries.get(portalId) === entry && entries.delete(portalId)),
      );
      return entry.meta;
    },
    portalChanged(portalId) {
      entries.delete(portalId);
    },
    businessChanged(businessId) {
      for (const [portalId, entry] of entries) {
        if (entry.businessId === undefined || entry.businessId === businessId) entries.delete(portalId);
      }
    },
  };
}
