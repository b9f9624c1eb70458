import type { Db } from '../../db/client';
import { timedValue, type CacheTiming, type TimedValue } from '../../lib/timed-value';
import { getPlatformSettings } from './get-platform-settings';
import { defaultPlatformSettings, type PlatformSettings } from '@core/validation/admin-settings';

/**
 * The platform settings, read at most every SETTINGS_CACHE_MS of the app's clock per process. Auth hooks need them
 * inside better-auth's transaction, where (on PGlite, one connection) a second query would deadlock, so they read
 * `last()`, which a `get()` before the transaction has filled.
 */
export type SettingsCache = TimedValue<PlatformSettings>;

export function createSettingsCache(db: Db, timing: CacheTiming): SettingsCache {
  return timedValue(() => getPlatformSettings(db), defaultPlatformSettings, timing);
}
