import { todayInTimeZone } from '@core/dates';

// "Today" and "this month" in a business's time zone, cached per zone for a few seconds: a lookup asks for it
// every time, and formatting a date in a time zone is the slow part.

const cache = new Map<string, { day: string; until: number }>();
const MAX_AGE_MS = 1000;

/** Today ('YYYY-MM-DD') in the time zone (UTC when the zone is unknown). */
export function todayIn(timeZone: string, now = Date.now()): string {
  const hit = cache.get(timeZone);
  if (hit && hit.until > now) return hit.day;
  let day: string;
  try {
    day = todayInTimeZone(timeZone, now);
  } catch {
    day = todayInTimeZone('UTC', now);
  }
  if (cache.size > 1000) cache.clear();
  cache.set(timeZone, { day, until: now + MAX_AGE_MS });
  return day;
}

/** The month ('YYYY-MM') of a day. */
export const monthOf = (day: string) => day.slice(0, 7);
