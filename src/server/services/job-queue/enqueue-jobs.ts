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
