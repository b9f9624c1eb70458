import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Where a job is: waiting (possibly for a later time), held by a worker, finished, or given up. */
export type JobState = 'queued' | 'running' | 'done' | 'failed';

/**
 * The durable job queue (decision 0016): one row per piece of work of a kind (a client e-mail, a text, later a
 * webhook delivery), written in the transaction of the change that asks for it and run by a worker of any instance.
 * A worker claims due rows with `for update skip locked` and holds them under a lease; a job whose lease ran out
 * (its instance died) is claimed again. Times are the app clock's, passed in, never the database's now().
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What to do, e.g. 'notification.send_emails'; the worker runs the handler registered for it. */
    kind: text('kind').notNull(),
    /** Makes a job unique within its kind (a second enqueue with the same key is ignored); null when not needed. */
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').$type<JobState>().notNull().default('queued'),
    /** Not before this time (its first run, a retry, or a hold). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Runs started, retries included. */
    attempts: integer('attempts').notNull().default(0),
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** The first failed attempt of the current run of failures (retries stop some time after it). */
    firstFailedAt: timestamp('first_failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_kind_dedupe_key_idx').on(t.kind, t.dedupeKey),
    index('jobs_due_idx').on(t.runAt, t.id).where(sql`${t.state} = 'queued'`),
    index('jobs_lease_idx').on(t.leaseExpiresAt).where(sql`${t.state} = 'running'`),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.finishedAt} is not null`),
    // A portal's notification outbox jobs waiting to be merged (services/notifications/notification-outbox.ts).
    index('jobs_open_messages_idx')
      .on(sql`(${t.payload}->>'portalId')`, t.id)
      .where(sql`${t.kind} = 'notification.open_messages' and ${t.state} in ('queued', 'running')`),
  ],
);
