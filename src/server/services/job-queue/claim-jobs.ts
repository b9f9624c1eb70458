import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ClaimedJob } from './job-types';

interface ClaimRow extends Record<string, unknown> {
  id: string | number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  first_failed_at: string | Date | null;
  created_at: string | Date;
}

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/**
 * Claims up to `limit` due jobs (and up to `limit` lost ones) of the given kinds for `owner`, in one statement (its own short transaction: on the
 * embedded database nothing else waits behind it): queued jobs whose time has come, and running jobs whose lease ran
 * out (their instance died mid-run). `for update skip locked` lets instances claim side by side without taking the
 * same job. Each claimed job counts an attempt and is leased until `now + leaseMs`.
 */
export async function claimJobs(
  db: Db,
  input: { owner: string; kinds: readonly string[]; limit: number; now: Date; leaseMs: number },
): Promise<ClaimedJob[]> {
  if (input.kinds.length === 0 || input.limit <= 0) return [];
  const now = input.now.toISOString();
  const leaseUntil = new Date(input.now.getTime() + input.leaseMs).toISOString();
  const kinds = sql.join(input.kinds.map((k) => sql`${k}`), sql`, `);
  const result = await db.execute<ClaimRow>(sql`
    with due as (
      select id from jobs
      where state = 'queued' and run_at <= ${now}::timestamptz and kind in (${kinds})
      order by run_at, id
      limit ${input.limit}
      for update skip locked
    ), lost as (
      select id from jobs
      where state = 'running' and lease_expires_at < ${now}::timestamptz and kind in (${kinds})
      limit ${input.limit}
      for update skip locked
    )
    update jobs set state = 'running', lease_owner = ${input.owner}, lease_expires_at = ${leaseUntil}::timestamptz,
      attempts = attempts + 1
    where id in (select id from due union all select id from lost)
    returning id, kind, payload, attempts, first_failed_at, created_at`);
  const rows = (result as unknown as { rows: ClaimRow[] }).rows;
  return rows
    .map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      payload: r.payload,
      attempts: r.attempts,
      firstFailedAt: r.first_failed_at === null ? null : asDate(r.first_failed_at),
      createdAt: asDate(r.created_at),
    }))
    .sort((a, b) => a.id - b.id);
}
