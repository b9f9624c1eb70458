import { sql } from 'drizzle-orm';
import { ValidationError } from '../../errors';
import { messages } from '@core/messages';
import type { Db } from '../../db/client';

/** Answers already read, per database (its zone data does not change while it runs; the view takes ~40 ms). */
const known = new WeakMap<Db, Map<string, boolean>>();

/** True when the database knows the zone by this name (its own zone data, which may lack names Intl accepts). */
async function databaseKnows(db: Db, timeZone: string): Promise<boolean> {
  let answers = known.get(db);
  if (!answers) known.set(db, (answers = new Map()));
  const cached = answers.get(timeZone);
  if (cached !== undefined) return cached;
  const found = (await db.execute(sql`select 1 as one from pg_timezone_names where name = ${timeZone}`)) as unknown as { rows: unknown[] };
  const answer = found.rows.length > 0;
  if (answers.size < 1_000) answers.set(timeZone, answer);
  return answer;
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
