import { messages } from '@core/messages';
import type { RateStore } from '../../lib/rate-store';
import { LimitExceededError } from '../../errors';

/**
 * Limits of the public portal (decisions D3, D5; security 17), per fixed window in the shared rate store (memory,
 * or Redis with several instances). Every limit answers 429 with Retry-After. Mutable so that a benchmark can lift
 * the per-portal limit; nothing else changes them.
 */
export const portalLimits = {
  /** Lookups per client address per minute, over all portals. */
  lookupsPerIpPerMinute: 30,
  /** Lookups per portal per minute, from all addresses together (slows down enumeration from many addresses). */
  lookupsPerPortalPerMinute: 600,
  /** Client updates per client address per hour. */
  updatesPerIpPerHour: 10,
  /** Client updates per client per day. */
  updatesPerClientPerDay: 5,
  /** Client updates per portal per hour. */
  updatesPerPortalPerHour: 100,
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function check(store: RateStore, key: string, windowMs: number, max: number) {
  const { count, resetMs } = await store.hit(key, windowMs);
  if (count > max) throw new LimitExceededError(messages.auth.tooManyRequests, Math.max(1, resetMs / 1000));
}

/**
 * Counts one lookup from the address, and a search on the portal; 429 when the address or the portal is over its
 * limit. The portal's limit slows down guessing by search from many addresses, so it never refuses a client who
 * comes with an access link or a card session (nothing to guess there: 256-bit tokens, signed sessions).
 */
export async function checkLookupLimits(store: RateStore, ip: string, portalId: string, lookup: { search: boolean }): Promise<void> {
  await check(store, `portal-lookup-ip:${ip}`, MINUTE, portalLimits.lookupsPerIpPerMinute);
  if (lookup.search) await check(store, `portal-lookup:${portalId}`, MINUTE, portalLimits.lookupsPerPortalPerMinute);
}

/** Counts one client update; 429 over the address's, the client's or the portal's limit. */
export async function checkUpdateLimits(store: RateStore, ip: string, portalId: string, clientId: string): Promise<void> {
  await check(store, `portal-update-ip:${ip}`, HOUR, portalLimits.updatesPerIpPerHour);
  await check(store, `portal-update-client:${portalId}:${clientId}`, 24 * HOUR, portalLimits.updatesPerClientPerDay);
  await check(store, `portal-update:${portalId}`, HOUR, portalLimits.updatesPerPortalPerHour);
}
