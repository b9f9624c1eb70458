import { sql } from 'drizzle-orm';
import { messages } from '@core/messages';
import type { Db } from '../../db/client';
import { ValidationError } from '../../errors';

/** Intl's canonical name of a zone ('US/Pacific' -> 'America/Los_Angeles'; Node keeps 'Asia/Calcutta'), or null. */
function intlCanonical(timeZone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

interface ZoneNames {
  names: Set<string>;
  /** Intl's canonical name -> a name the database knows for that zone. */
  byCanonical: Map<string, string>;
}

/** The database's zone names, read once per database (its zone data does not change while it runs; ~40 ms). */
const loaded = new WeakMap<Db, Promise<ZoneNames>>();

function zoneNames(db: Db): Promise<ZoneNames> {
  let names = loaded.get(db);
  if (!names) {
    names = db.execute(sql`select name from pg_timezone_names`).then((result) => {
      const rows = (result as unknown as { rows: { name: string }[] }).rows;
      const byCanonical = new Map<string, string>();
      for (const { name } of rows) {
        const canonical = intlCanonical(name);
        // The canonical spelling itself when the database has it, else the first alias seen.
        if (canonical && (!byCanonical.has(canonical) || name === canonical)) byCanonical.set(canonical, name);
      }
      return { names: new Set(rows.map((r) => r.name)), byCanonical };
    });
    names.catch(() => loaded.delete(db));
    loaded.set(db, names);
  }
  return names;
}

/**
 * The name to store for a business's time zone: as given when the database knows it, else a name the database knows
 * for the same zone (matched through Intl's canonical name both ways: 'US/Pacific-New' -> 'America/Los_Angeles';
 * 'Asia/Calcutta' -> 'Asia/Kolkata' where the database lacks the old spellings), else null. The database works out
 * dates with it (monthly figures, lookups): a name it does not know fails those queries (found by review).
 */
export async function storableTimeZone(db: Db, timeZone: string): Promise<string | null> {
  const zones = await zoneNames(db);
  if (zones.names.has(timeZone)) return timeZone;
  const canonical = intlCanonical(timeZone);
  return canonical ? (zones.byCanonical.get(canonical) ?? null) : null;
}

/** storableTimeZone, or the sign-up/profile message as a 400. */
export async function requireStorableTimeZone(db: Db, timeZone: string): Promise<string> {
  const zone = await storableTimeZone(db, timeZone);
  if (!zone) throw new ValidationError(messages.signup.timeZoneInvalid, 'invalid_time_zone');
  return zone;
}
