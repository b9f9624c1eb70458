import type { Db } from '../../db/client';
import { DEFAULT_SETTINGS_CACHE_MS } from '../../env';
import { systemClock } from '../../lib/clock';
import { timedValue, type CacheTiming, type TimedValue } from '../../lib/timed-value';
import { emailTemplateCatalog, emailTemplateKeys } from './catalog';
import { loadTemplateTexts, type TemplateTexts } from './list-email-templates';

/**
 * The templates' texts, read at most every SETTINGS_CACHE_MS of the app's clock per process. Like the settings cache,
 * `last()` serves code that runs inside better-auth's transaction (one connection on PGlite), after a `get()` has
 * filled it.
 */
export type TemplateCache = Omit<TimedValue<TemplateTexts>, 'peek'>;

const defaults = Object.fromEntries(
  emailTemplateKeys.map((k) => [k, { subject: emailTemplateCatalog[k].subject, body: emailTemplateCatalog[k].body }]),
) as TemplateTexts;

const caches = new WeakMap<object, TemplateCache>();

/** Gives a database handle its template cache on the app's clock and time (the app's context, when it is made). */
export function installTemplateCache(db: Db, timing: CacheTiming): TemplateCache {
  const cache = timedValue(() => loadTemplateTexts(db), defaults, timing);
  caches.set(db, cache);
  return cache;
}

/** The one template cache of a database handle (one the app did not make a cache for: the real clock, the default time). */
export function templateCacheFor(db: Db): TemplateCache {
  return caches.get(db) ?? installTemplateCache(db, { clock: systemClock, maxAgeMs: DEFAULT_SETTINGS_CACHE_MS });
}
