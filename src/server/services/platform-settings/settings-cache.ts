import type { Db } from '../../db/client';
import { getPlatformSettings } from './get-platform-settings';
import { defaultPlatformSettings, type PlatformSettings } from '@core/validation/admin-settings';

/**
 * The platform settings, read at most every few seconds per process. Auth hooks need them inside
 * better-auth's transaction, where (on PGlite, one connection) a second query would deadlock, so
 * they read `last()`, which a `get()` before the transaction has filled.
 */
export interface SettingsCache {
  get(): Promise<PlatformSettings>;
  last(): PlatformSettings;
  /** The settings when read less than maxAgeMs ago (what get() would answer at once), else null. */
  peek(): PlatformSettings | null;
  invalidate(): void;
}

export function createSettingsCache(db: Db, maxAgeMs = 5000): SettingsCache {
  let value: PlatformSettings = defaultPlatformSettings;
  let loadedAt = 0;
  let inflight: Promise<PlatformSettings> | null = null;
  return {
    async get() {
      if (Date.now() - loadedAt < maxAgeMs) return value;
      inflight ??= getPlatformSettings(db)
        .then((v) => {
          value = v;
          loadedAt = Date.now();
          return v;
        })
        .finally(() => {
          inflight = null;
        });
      return inflight;
    },
    last: () => value,
    peek: () => (Date.now() - loadedAt < maxAgeMs ? value : null),
    invalidate() {
      loadedAt = 0;
    },
  };
}
