import { sql } from 'drizzle-orm';
import { ValidationError } from '../../errors';
import { messages } from '@core/messages';
import type { Db } from '../../db/client';

/** True when the database knows the zone by this name (its own zone data, which may lack names Intl accepts). */
async function databaseKnows(db: Db, timeZone: string): Promise<boolean> {
  const found = (await db.execute(sql`select 1 as one from pg_timezone_names where name = ${timeZone}`)) as unknown as { rows: unknown[] };
  return found.rows.length > 0;
}

/**
 * The name to store for a business's time zone: as given when the database knows it, else its canonical name as Intl
 * resolves it ('US/Pacific-New' -> 'America/Los_Angeles') when the database knows that, else null. The database
 * works out each business's "today" with it (the sync job's queue refresh): a name it does not know made that query,
 * for every business, fail on each round (found by review).
 */
export async function storableTimeZone(db: Db, timeZone: string): Promise<string | null> {
  if (await databaseKnows(db, timeZone)) return timeZone;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return canonical !== timeZone && (await databaseKnows(db, canonical)) ? canonical : null;
}

/** storableTimeZone, or the sign-up/profile message as a 400. */
export async function requireStorableTimeZone(db: Db, timeZone: string): Promise<string> {
  const zone = await storableTimeZone(db, timeZone);
  if (!zone) throw new ValidationError(messages.signup.timeZoneInvalid, 'invalid_time_zone');
  return zone;
}
