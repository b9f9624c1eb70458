import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';

/** A delivery claimed for one attempt. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  body: string;
  test: boolean;
  /** Until when this run holds it (its `next_attempt_at` while claimed): a delivery not posted by then is due again. */
  leaseUntil: Date;
}

/**
 * Claims up to `limit` of an endpoint's deliveries whose time has come, in one statement: each is moved to
 * `now + leaseMs` (its lease: a run that dies mid-attempt leaves it due again then), and rows another transaction
 * holds are skipped (`for update skip locked`), so instances claiming side by side never take the same delivery.
 * The delivery's row is the unit of work (decision 0018): no job row per delivery. The selection is materialized: as
 * a subquery of the update it may be planned as a semi join that runs it again for each row, past its limit. The
 * rows are then found by primary key (`= any(array(...))`), not by a scan of every pending delivery.
 */
export async function claimDueDeliveries(db: Db, input: { endpointId: string; now: Date; leaseMs: number; limit: number }): Promise<ClaimedDelivery[]> {
  const leaseUntil = new Date(input.now.getTime() + input.leaseMs);
  const result = await db.execute<{ id: string; endpoint_id: string; body: string; test: boolean }>(sql`
    with due as materialized (
      select id from webhook_deliveries
      where endpoint_id = ${input.endpointId} and state = 'pending' and next_attempt_at <= ${input.now.toISOString()}::timestamptz
      order by next_attempt_at
      limit ${input.limit}
      for update skip locked
    )
    update webhook_deliveries d set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
    where d.id = any(array(select id from due)) and d.state = 'pending'
    returning d.id, d.endpoint_id, d.body, d.test`);
  const rows = (result as unknown as { rows: { id: string; endpoint_id: string; body: string; test: boolean }[] }).rows;
  return rows.map((r) => ({ id: r.id, endpointId: r.endpoint_id, body: r.body, test: r.test, leaseUntil }));
}

/** When the endpoint's next delivery is due (a retry, or a lease running out), or null when none waits. */
export async function nextDeliveryDueAt(db: Db, endpointId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<string | Date | null>`min(${webhookDeliveries.nextAttemptAt})` })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.state, 'pending')));
  return row?.at ? new Date(row.at) : null;
}
