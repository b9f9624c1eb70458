import { sql } from 'drizzle-orm';
import { CLIENT_EVENT_RETENTION_DAYS } from '@core/client-events';
import type { Db } from '../../db/client';

/**
 * Deletes client events older than 90 days (at `now`), in batches; returns how many went. Each batch's ids are found
 * by the time index and deleted by primary key (`= any(array(...))`: as `id in (select ...)` the planner joined the
 * batch to a read of the whole table, once per batch).
 */
export async function purgeClientEvents(db: Db, now: Date, batch = 10_000): Promise<number> {
  const cutoff = new Date(now.getTime() - CLIENT_EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  let total = 0;
  for (;;) {
    const result = (await db.execute(sql`
      delete from client_events where id = any(array(select id from client_events where occurred_at < ${cutoff}::timestamptz limit ${batch}))
      returning id`)) as unknown as { rows: unknown[] };
    total += result.rows.length;
    if (result.rows.length < batch) return total;
  }
}
