import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { changesFromEvents, type ChangeEvent } from '@core/notification-changes';
import type { ClientEventType } from '@core/client-events';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { jobs, portals } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import type { ClientEventSubscriber, RecordedClientEvent } from '../client-events/client-event-log';
import type { JobHandler } from '../job-queue/job-types';
import { OPEN_MESSAGES_JOB, type OpenMessagesPayload } from './notification-jobs';
import { portalFacts, recordNotificationChanges, type PortalFacts } from './record-notification-changes';

// The notification outbox (decision 0016, "One job per change"): the change's transaction writes one job per portal
// naming the change's client events (rows it writes anyway, decision 0011); after the commit the job reads them and
// merges them into the clients' open messages or opens new ones, in its own transaction. The job exists if and only
// if the change committed, so nothing is lost, and the change's transaction writes one row instead of a message per
// client.

/**
 * What one transaction has learnt and written so far (a sync hands its events over slice by slice, each in the same
 * transaction): the portals' facts, and its outbox job per portal with the events it names so far.
 */
interface TransactionMemo {
  facts: Map<string, PortalFacts | null>;
  jobs: Map<string, { key: string; events: [number, number][] }>;
}
const memos = new WeakMap<Db | Tx, TransactionMemo>();

/** The memo of the write's transaction; a fresh one for a write outside any (the app's handle is not remembered). */
function memoOf(ctx: AppContext, q: Db | Tx): TransactionMemo {
  const fresh = (): TransactionMemo => ({ facts: new Map(), jobs: new Map() });
  if (q === ctx.db) return fresh();
  let memo = memos.get(q);
  if (!memo) {
    memo = fresh();
    memos.set(q, memo);
  }
  return memo;
}

/** Ranges of ids (first and last included) with these ids added: ascending, neighbours joined. */
export function addIdRanges(ranges: readonly [number, number][], ids: readonly number[]): [number, number][] {
  const all = [...ranges, ...ids.map((id) => [id, id] as [number, number])].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of all) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/**
 * Names these events (one portal's) in the transaction's outbox job for the portal: the first slice enqueues the job
 * (keyed by a key of its own, for the later slices), later ones add their ids to it.
 */
async function nameInJob(ctx: AppContext, q: Db | Tx, memo: TransactionMemo, portalId: string, ids: number[]): Promise<void> {
  const known = memo.jobs.get(portalId);
  const events = addIdRanges(known?.events ?? [], ids);
  const payload: OpenMessagesPayload = { portalId, events };
  if (known) {
    known.events = events;
    await q.update(jobs).set({ payload: { ...payload } }).where(and(eq(jobs.kind, OPEN_MESSAGES_JOB), eq(jobs.dedupeKey, known.key)));
    return;
  }
  const key = `${portalId}:${randomUUID()}`;
  await ctx.jobs.enqueue(q, [{ kind: OPEN_MESSAGES_JOB, dedupeKey: key, payload: { ...payload } }]);
  memo.jobs.set(portalId, { key, events });
}

/**
 * The notifications subscriber of the client event log (`ctx.clientEvents`), in the change's own transaction: for a
 * portal that sends e-mail updates or texts (its facts read once per transaction) and events that change something
 * a client may hear about, the events are named in the transaction's outbox job for the portal.
 */
export function notificationOutbox(ctx: AppContext): ClientEventSubscriber {
  return async (q, events) => {
    const byPortal = new Map<string, RecordedClientEvent[]>();
    for (const e of events) {
      const list = byPortal.get(e.portalId);
      if (list) list.push(e);
      else byPortal.set(e.portalId, [e]);
    }
    const memo = memoOf(ctx, q);
    for (const [portalId, list] of byPortal) {
      if (changesFromEvents(list as ChangeEvent[]).size === 0) continue;
      if (!memo.facts.has(portalId)) memo.facts.set(portalId, await portalFacts(ctx, q, portalId));
      if (!memo.facts.get(portalId)) continue;
      await nameInJob(ctx, q, memo, portalId, list.map((e) => e.id));
    }
  };
}

/** An event as the opening reads it back. */
interface StoredEvent {
  id: number;
  type: ClientEventType;
  clientId: string;
  data: unknown;
  occurredAt: Date;
}

/** The portal's events in these ranges of ids, in order. */
async function readEvents(tx: Tx, portalId: string, ranges: readonly [number, number][]): Promise<StoredEvent[]> {
  if (ranges.length === 0) return [];
  const result = (await tx.execute(sql`
    select e.id, e.type, e.client_id, e.data, e.occurred_at
    from unnest(${sql.param(ranges.map((r) => r[0]))}::bigint[], ${sql.param(ranges.map((r) => r[1]))}::bigint[]) as r(lo, hi)
    join client_events e on e.portal_id = ${portalId} and e.id between r.lo and r.hi
    order by e.id`)) as unknown as { rows: { id: number | string; type: ClientEventType; client_id: string; data: unknown; occurred_at: Date | string }[] };
  return result.rows.map((r) => ({ id: Number(r.id), type: r.type, clientId: r.client_id, data: r.data, occurredAt: new Date(r.occurred_at) }));
}

/** The events (ascending ids) in these ranges (ascending), walking both once. */
function eventsIn(events: readonly StoredEvent[], ranges: readonly [number, number][]): StoredEvent[] {
  const out: StoredEvent[] = [];
  let r = 0;
  for (const e of events) {
    while (r < ranges.length && ranges[r]![1] < e.id) r += 1;
    if (r === ranges.length) break;
    if (e.id >= ranges[r]![0]) out.push(e);
  }
  return out;
}

/** The change's time: its latest event's. */
const changeTime = (events: readonly StoredEvent[]) => new Date(events.reduce((latest, e) => Math.max(latest, e.occurredAt.getTime()), 0));

/** The portal's opening: one at a time across instances (PostgreSQL); the embedded database runs one transaction at a time. */
const openingLock = (portalId: string) => sql`select pg_advisory_xact_lock(hashtextextended(${`statuslink.notification-outbox:${portalId}`}, 0))`;

/**
 * Another job's change merged in a savepoint: one that cannot be merged (a defect on some event) is rolled back and left
 * to its own job's retries (and `gaveUp`), so it does not hold the portal's later changes. True when merged.
 */
async function mergeApart(ctx: AppContext, tx: Tx, merge: (q: Tx) => Promise<void>, jobId: number): Promise<boolean> {
  try {
    await tx.transaction(merge);
    return true;
  } catch (err) {
    ctx.logger.warn({ err, jobId }, 'an earlier outbox job could not be merged; left to its own retries');
    return false;
  }
}

/**
 * The portal's outbox jobs not merged yet, up to job `upTo` (all when not given), in id order. The predicate matches
 * the partial index `jobs_open_messages_idx` (literal kind and states), so the finished jobs of every kind are not read.
 */
function unmergedJobs(tx: Tx, portalId: string, upTo: number | undefined) {
  return tx
    .select({ id: jobs.id, payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        sql`${jobs.kind} = ${sql.raw(`'${OPEN_MESSAGES_JOB}'`)}`,
        sql`${jobs.state} in ('queued', 'running')`,
        sql`${jobs.payload}->>'portalId' = ${portalId}`,
        sql`${jobs.payload}->'merged' is null`,
        upTo === undefined ? undefined : lte(jobs.id, upTo),
      ),
    )
    .orderBy(jobs.id);
}

/**
 * Merges the changes of the portal's outbox jobs not merged yet (up to job `upTo`, all when not given) into its
 * clients' messages, one change after another in the order the changes committed, in one transaction under the
 * portal's opening lock, and marks those jobs merged in it: a job run again after a crash, or one whose change an
 * earlier-run job of the portal already merged, finds nothing left. Another job's change that cannot be merged is left
 * to that job (`mergeApart`). Returns the changes merged.
 *
 * Why job order is commit order: the writers of a portal's clients hold its sync lease, one holder at a time (a writer
 * that lost it rolls back when it renews it in its transaction), so their transactions commit one after another, and
 * each writes its job after the one before committed: a job's id is higher than every earlier change's, and that
 * change's job is visible when this one runs. The estimates refresh (its own lock) records only estimate changes,
 * which merge apart from the writers' (core's mergeChanges: a field's first `from` and last `to`).
 */
export async function openPendingMessages(ctx: AppContext, portalId: string, upTo?: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(openingLock(portalId));
    const pending = await unmergedJobs(tx, portalId, upTo);
    if (pending.length === 0) return 0;
    const facts = await portalFacts(ctx, tx, portalId);
    const left = new Set<number>();
    if (facts) {
      const rangesOf = pending.map((j) => (j.payload as unknown as OpenMessagesPayload).events);
      const events = await readEvents(tx, portalId, rangesOf.flat());
      for (const [i, ranges] of rangesOf.entries()) {
        const change = eventsIn(events, ranges);
        if (change.length === 0) continue;
        const merge = (q: Tx) => recordNotificationChanges(ctx, q, { portalId, facts }, change as ChangeEvent[], { at: changeTime(change), now: ctx.clock.now() });
        const jobId = pending[i]!.id;
        if (upTo === undefined || jobId === upTo) await merge(tx);
        else if (!(await mergeApart(ctx, tx, merge, jobId))) left.add(jobId);
      }
    }
    const merged = pending.map((j) => j.id).filter((id) => !left.has(id));
    if (merged.length > 0) await tx.update(jobs).set({ payload: sql`${jobs.payload} || '{"merged": true}'::jsonb` }).where(inArray(jobs.id, merged));
    return merged.length;
  });
}

/**
 * A change whose notifications were given up on (a day of failed merges) is written to the activity log, where the
 * platform operator sees it beside the business, not only to the server's log: its clients were told nothing of it.
 */
async function recordChangeLost(ctx: AppContext, payload: OpenMessagesPayload, lastError: string): Promise<void> {
  const [portal] = await ctx.db.select({ businessId: portals.businessId }).from(portals).where(eq(portals.id, payload.portalId));
  if (!portal) return; // the portal went, and its clients with it
  const events = payload.events.reduce((n, [first, last]) => n + last - first + 1, 0);
  await recordActivity(ctx.db, { type: 'notifications.change_lost', businessId: portal.businessId, detail: { portalId: payload.portalId, events, error: lastError.slice(0, 300) } });
}

/** The queue's handler of outbox jobs: merges the portal's changes up to this job's (earlier ones first). */
export function openMessagesHandler(ctx: AppContext): JobHandler<OpenMessagesPayload> {
  return {
    kind: OPEN_MESSAGES_JOB,
    // Jobs of one portal wait for each other's lock, each holding a connection: two at a time per instance.
    concurrency: 2,
    async run(job) {
      await openPendingMessages(ctx, job.payload.portalId, job.id);
    },
    async gaveUp(job, lastError) {
      ctx.logger.error({ portalId: job.payload.portalId, events: job.payload.events, jobId: job.id, lastError }, 'a change could not be turned into client notifications; its clients are not told of it');
      await recordChangeLost(ctx, job.payload, lastError);
    },
  };
}
