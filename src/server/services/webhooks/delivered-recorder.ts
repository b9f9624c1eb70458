import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';

/** A successful attempt to write on its delivery. */
export interface DeliveredAttempt {
  id: string;
  at: Date;
  statusCode: number;
  durationMs: number;
  excerpt: string;
}

type Waiting = DeliveredAttempt & { resolve: (written: boolean) => void };

/** A group is written this long after its first attempt came in, or at once when this many wait. */
const GROUP_WINDOW_MS = 25;
const MAX_GROUP = 500;

/**
 * Writes successful attempts as deliveries finish, grouped: the attempts that finish within 25 ms of a group's
 * first one (or while the last group is written) go together in one statement (group commit). A burst of deliveries
 * costs a statement per group instead of per delivery, which is what holds back the embedded database (one
 * connection, and each statement blocks the thread: answers that come in meanwhile are heard only after it, so
 * grouping by the turn of the event loop would give groups of a few). Attempts do not wait for their write to go on
 * with the next delivery; a run waits for all of them before it ends. A write never fails its attempt: a group that
 * cannot be written is written one delivery at a time, and a delivery that cannot be written alone is logged and
 * left claimed, to be sent again when its lease runs out.
 */
export function createDeliveredRecorder(db: Db, logger: Logger) {
  const buffer: Waiting[] = [];
  let writing = false;

  // A success is marked whoever holds the delivery's lease now (unlike a failure's next time): the receiver has it,
  // and a run that claimed it since would only send it again. A delivery no longer pending keeps its first record.
  // The group goes as one JSON parameter (on the embedded database each parameter of a statement is parsed on its
  // own); its rows are found by primary key (`= any(array(...))`: joined to the function's rows, the planner read
  // every pending delivery, 70 ms a statement with 10,000 waiting).
  async function write(batch: DeliveredAttempt[]): Promise<void> {
    const rows = batch.map((a) => ({ id: a.id, at: a.at.toISOString(), status: a.statusCode, duration: a.durationMs, excerpt: a.excerpt }));
    await db.execute(sql`
      with v as materialized (
        select x.id, x.at::timestamptz as at, x.at as at_text, x.status, x.duration, x.excerpt
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, at text, status int, duration int, excerpt text)
      )
      update webhook_deliveries d set
        state = 'delivered', attempts = d.attempts + 1, last_attempt_at = v.at, last_status_code = v.status,
        last_duration_ms = v.duration, last_error = null, response_excerpt = v.excerpt,
        history = d.history || jsonb_build_array(jsonb_build_object('at', v.at_text, 'statusCode', v.status, 'error', null, 'durationMs', v.duration)),
        delivered_at = v.at, next_attempt_at = null
      from v
      where d.id = any(array(select id from v)) and d.id = v.id and d.state = 'pending'`);
  }

  /** The ids of the attempts that could not be written. */
  async function writeOrSplit(batch: DeliveredAttempt[]): Promise<string[]> {
    try {
      await write(batch);
      return [];
    } catch (err) {
      if (batch.length === 1) {
        logger.error({ err, deliveryId: batch[0]!.id }, 'a delivered webhook could not be recorded; it is sent again when its lease runs out');
        return [batch[0]!.id];
      }
      logger.warn({ err, deliveries: batch.length }, 'a group of delivered webhooks could not be recorded; writing them one by one');
    }
    const unwritten: string[] = [];
    for (const a of batch) unwritten.push(...(await writeOrSplit([a])));
    return unwritten;
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
      const unwritten = new Set(await writeOrSplit(batch));
      for (const a of batch) a.resolve(!unwritten.has(a.id));
    }
    writing = false;
  }

  return {
    /** Resolves once the attempt is written (true) or logged as not written (false): it never rejects. */
    record(attempt: DeliveredAttempt): Promise<boolean> {
      return new Promise<boolean>((resolve) => {
        buffer.push({ ...attempt, resolve });
        if (!writing) void drain();
        else if (buffer.length >= MAX_GROUP) flushNow?.();
      });
    },
  };
}
