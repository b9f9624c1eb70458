import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobState } from '../../db/schema/jobs';
import type { QueueDepthRow } from './job-types';

/**
 * Jobs by kind and state (finished ones of the last day only: older ones are purged), with how many queued jobs are
 * due and how long the oldest due one has waited: what a metrics endpoint or the back office shows of the queue.
 */
export async function queueDepth(db: Db, now: Date): Promise<QueueDepthRow[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select kind, state, count(*)::int as count,
      (count(*) filter (where state = 'queued' and run_at <= ${at}::timestamptz))::int as due,
      extract(epoch from ${at}::timestamptz - min(run_at) filter (where state = 'queued' and run_at <= ${at}::timestamptz)) as oldest
    from jobs
    where state in ('queued', 'running') or finished_at > ${at}::timestamptz - interval '1 day'
    group by kind, state
    order by kind, state`);
  const rows = (result as unknown as { rows: { kind: string; state: JobState; count: number; due: number; oldest: string | number | null }[] }).rows;
  return rows.map((r) => ({ kind: r.kind, state: r.state, count: r.count, due: r.due, oldestDueSeconds: r.oldest === null ? null : Math.round(Number(r.oldest)) }));
}
