import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A successful attempt to write on its delivery. */
export interface DeliveredAttempt {
  id: string;
  at: Date;
  statusCode: number;
  durationMs: number;
  excerpt: string;
}

type Waiting = DeliveredAttempt & { resolve: () => void; reject: (err: unknown) => void };

/** A group is written this long after its first attempt came in, or at once when this many wait. */
const GROUP_WINDOW_MS = 10;
const MAX_GROUP = 500;

/**
 * Writes successful attempts as deliveries finish, grouped: the attempts that finish within 10 ms of a group's
 * first one (or while the last group is written) go together in one statement (group commit). A burst of deliveries
 * costs a statement per group instead of per delivery, which is what holds back the embedded database (one
 * connection, and each statement blocks the thread: answers that come in meanwhile are heard only after it, so
 * grouping by the turn of the event loop would give groups of a few). Attempts do not wait for their write to go on
 * with the next delivery; a run waits for all of them before it ends.
 */
export function createDeliveredRecorder(db: Db) {
  const buffer: Waiting[] = [];
  let writing = false;

  async function write(batch: Waiting[]): Promise<void> {
    const rows = batch.map(
      (a) =>
        sql`(${a.id}, ${a.at.toISOString()}, ${a.statusCode}, ${a.durationMs}, ${a.excerpt}, ${JSON.stringify([{ at: a.at.toISOString(), statusCode: a.statusCode, error: null, durationMs: a.durationMs }])})`,
    );
    await db.execute(sql`
      update webhook_deliveries d set
        state = 'delivered', attempts = d.attempts + 1, last_attempt_at = v.at::timestamptz, last_status_code = v.status::int,
        last_duration_ms = v.duration::int, last_error = null, response_excerpt = v.excerpt, history = d.history || v.entry::jsonb,
        delivered_at = v.at::timestamptz, next_attempt_at = null
      from (values ${sql.join(rows, sql`, `)}) as v(id, at, status, duration, excerpt, entry)
      where d.id = v.id and d.state = 'pending'`);
  }

  let flushNow: (() => void) | undefined;
  const gather = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, GROUP_WINDOW_MS);
      flushNow = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function drain(): Promise<void> {
    writing = true;
    while (buffer.length > 0) {
      if (buffer.length < MAX_GROUP) await gather();
      flushNow = undefined;
      const batch = buffer.splice(0, MAX_GROUP);
      try {
        await write(batch);
        for (const a of batch) a.resolve();
      } catch (err) {
        for (const a of batch) a.reject(err);
      }
    }
    writing = false;
  }

  return {
    record(attempt: DeliveredAttempt): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        buffer.push({ ...attempt, resolve, reject });
        if (!writing) void drain();
        else if (buffer.length >= MAX_GROUP) flushNow?.();
      });
    },
  };
}
