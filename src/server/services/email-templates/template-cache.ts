import type { Db } from '../../db/client';
import { emailTemplateCatalog, emailTemplateKeys } from './catalog';
import { loadTemplateTexts, type TemplateTexts } from './list-email-templates';

/**
 * The templates' texts, read at most every few seconds per process. Like the settings cache, `last()` serves
 * code that runs inside better-auth's transaction (one connection on PGlite), after a `get()` has filled it.
 */
export interface TemplateCache {
  get(): Promise<TemplateTexts>;
  last(): TemplateTexts;
  invalidate(): void;
}

const defaults = Object.fromEntries(
  emailTemplateKeys.map((k) => [k, { subject: emailTemplateCatalog[k].subject, body: emailTemplateCatalog[k].body }]),
) as TemplateTexts;

const caches = new WeakMap<object, TemplateCache>();

/** The one template cache of a database handle. */
export function templateCacheFor(db: Db, maxAgeMs = 5000): TemplateCache {
  let cache = caches.get(db);
  if (cache) return cache;
  let value = defaults;
  let loadedAt = 0;
  let inflight: Promise<TemplateTexts> | null = null;
  cache = {
    async get() {
      if (Date.now() - loadedAt < maxAgeMs) return value;
      inflight ??= loadTemplateTexts(db)
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
    invalidate() {
      loadedAt = 0;
    },
  };
  caches.set(db, cache);
  return cache;
}
