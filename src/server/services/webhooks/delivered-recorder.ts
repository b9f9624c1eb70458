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

/**
 * Writes successful attempts as deliveries finish, grouped: the first is written at once, and those that finish
 * while a write runs go together in the next one statement (group commit). No attempt waits for others to arrive,
 * yet a burst of deliveries costs a statement per group instead of per delivery, which is what holds back the
 * embedded database (one connection: every statement waits its turn).
 */
export function createDeliveredRecorder(db: Db) {
  let buffer: Waiting[] = [];
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

  async function drain(): Promise<void> {
    writing = true;
    // Let the event loop's waiting callbacks run first: on the embedded database a statement blocks the thread, so
    // the answers that came in meanwhile are only heard after it; heard now, they join this group.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (buffer.length > 0) {
      const batch = buffer;
      buffer = [];
      try {
        await write(batch);
        for (const a of batch) a.resolve();
      } catch (err) {
        for (const a of batch) a.reject(err);
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    writing = false;
  }

  return {
    record(attempt: DeliveredAttempt): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        buffer.push({ ...attempt, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}
