import { sql } from 'drizzle-orm';
import { SNAPSHOT_RETENTION_DAYS } from '@core/estimates/accuracy';
import { addCalendarDays } from '@core/dates';
import type { Db } from '../../db/client';

/**
 * Deletes the daily snapshots of what clients were shown once older than accuracy needs them (127 days: the longest
 * Analytics period, its longest lead and the staleness allowance), in batches; returns how many went. A day of slack
 * covers every business's time zone.
 */
export async function purgeEstimateSnapshots(db: Db, now: Date, batch = 10_000): Promise<number> {
  const cutoff = addCalendarDays(now.toISOString().slice(0, 10), -(SNAPSHOT_RETENTION_DAYS + 1));
  let total = 0;
  for (;;) {
    const result = (await db.execute(sql`
      delete from estimate_snapshots where (portal_id, shown_on, client_id) in (
        select portal_id, shown_on, client_id from estimate_snapshots where shown_on < ${cutoff}::date limit ${batch})
      returning 1`)) as unknown as { rows: unknown[] };
    total += result.rows.length;
    if (result.rows.length < batch) return total;
  }
}
