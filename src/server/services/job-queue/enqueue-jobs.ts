import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { jobs } from '../../db/schema';
import type { NewJob } from './job-types';

/** Rows per insert: 5 values a row stays far below PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 2000;

/**
 * Writes jobs in `q`, the caller's transaction when the work must happen only if the change commits (the
 * transactional outbox). A job whose kind and dedupe key already exist is skipped. Returns how many were written.
 */
export async function enqueueJobs(q: Db | Tx, now: Date, list: readonly NewJob[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < list.length; i += INSERT_CHUNK) {
    const rows = await q
      .insert(jobs)
      .values(
        list.slice(i, i + INSERT_CHUNK).map((j) => ({
          kind: j.kind,
          payload: j.payload ?? {},
          dedupeKey: j.dedupeKey ?? null,
          runAt: j.runAt ?? now,
          createdAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: jobs.id });
    written += rows.length;
  }
  return written;
}

/**
 * Writes a job that must run after the caller's change, even when a job of its kind and key has already started or
 * finished (it may have read the data before the change committed). That job gives up the key (it keeps running and
 * settles as before, under a key of its own: `<key>:ran:<id>`), and a new job takes it, due at the new job's time. A
 * job with the key still waiting is left as it is (it will see the change). Worth it only for work that reads the
 * current state, such as an estimates refresh.
 */
export async function enqueueAfterChange(q: Db | Tx, now: Date, job: NewJob & { dedupeKey: string }): Promise<void> {
  await q
    .update(jobs)
    .set({ dedupeKey: sql`${jobs.dedupeKey} || ':ran:' || ${jobs.id}` })
    .where(and(eq(jobs.kind, job.kind), eq(jobs.dedupeKey, job.dedupeKey), ne(jobs.state, 'queued')));
  await enqueueJobs(q, now, [job]);
}
