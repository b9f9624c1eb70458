import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

// How a claimed job ends its run. Every write checks that this worker still holds the job's lease: a run that
// outlived its lease (the job was claimed again elsewhere) changes nothing.

const held = (id: number | number[], owner: string) =>
  and(Array.isArray(id) ? inArray(jobs.id, id) : eq(jobs.id, id), eq(jobs.state, 'running'), eq(jobs.leaseOwner, owner));

/** Marks jobs done (one statement for a batch). */
export async function finishJobs(db: Db, owner: string, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({ state: 'done', finishedAt: now, leaseOwner: null, leaseExpiresAt: null, lastError: null })
    .where(held([...ids], owner));
}

/** Puts a job back to run at `at` without counting this run as an attempt (a hold, not a failure). */
export async function deferJob(db: Db, owner: string, id: number, at: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'queued', runAt: at, leaseOwner: null, leaseExpiresAt: null, attempts: sql`greatest(${jobs.attempts} - 1, 0)` })
    .where(held(id, owner));
}

/** Records a failed attempt and the time of the next one. */
export async function retryJob(db: Db, owner: string, id: number, input: { at: Date; error: string; firstFailedAt: Date }): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'queued', runAt: input.at, leaseOwner: null, leaseExpiresAt: null, lastError: input.error.slice(0, 1000), firstFailedAt: input.firstFailedAt })
    .where(held(id, owner));
}

/** Stops retrying: the job stays, marked failed with its last error, for the business and the operator to see. */
export async function failJob(db: Db, owner: string, id: number, input: { error: string; now: Date }): Promise<void> {
  await db
    .update(jobs)
    .set({ state: 'failed', finishedAt: input.now, leaseOwner: null, leaseExpiresAt: null, lastError: input.error.slice(0, 1000) })
    .where(held(id, owner));
}
