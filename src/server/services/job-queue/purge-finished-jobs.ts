import { and, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

/** Finished jobs (done or failed) are kept this long: what they did is recorded by their kind (e.g. the message). */
export const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes jobs finished before the retention window. Returns how many. */
export async function purgeFinishedJobs(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FINISHED_JOB_RETENTION_MS);
  const deleted = await db.delete(jobs).where(and(isNotNull(jobs.finishedAt), lt(jobs.finishedAt, before))).returning({ id: jobs.id });
  return deleted.length;
}
