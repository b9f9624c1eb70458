import type { Portal } from '../api/types';

/** True when the portal's latest sync attempt failed after (or without) its last good sync. */
export function lastSyncFailed(portal: Pick<Portal, 'sync'>): boolean {
  const { lastError, lastErrorAt, lastSyncedAt } = portal.sync;
  return lastError !== null && (!lastSyncedAt || (lastErrorAt ?? '') > lastSyncedAt);
}
