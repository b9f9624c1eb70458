import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { jobs } from '../../src/server/db/schema';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/job-worker';
import { claimJobs } from '../../src/server/services/job-queue/claim-jobs';
import { enqueueAfterChange } from '../../src/server/services/job-queue/enqueue-jobs';
import { finishJobs } from '../../src/server/services/job-queue/settle-jobs';
import { RetryLaterError, type ClaimedJob } from '../../src/server/services/job-queue/job-types';
import { useTestApp } from '../support/test-app';

// The durable queue (decision 0016): jobs written in the change's transaction, claimed under a lease, retried with
// backoff for 24 hours, held per channel, run once with several workers.

const silent = pino({ level: 'silent' });
const MIN = 60_000;
const HOUR = 60 * MIN;

const t = useTestApp();
beforeEach(async () => {
  await t.app.ctx.db.delete(jobs);
});

/** A queue on the test app's database and clock, with a handler per kind given. */
function queue(): JobQueue {
  return createJobQueue({ db: t.app.ctx.db, clock: t.clock, logger: silent });
}

const rows = () => t.app.ctx.db.select().from(jobs).orderBy(jobs.id);

describe('job queue', () => {
  it('writes jobs with the change: a rolled-back transaction leaves none; a committed one runs once', async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.register({ kind: 'test.echo', run: async (job) => void seen.push(job.payload) });
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await q.enqueue(tx, [{ kind: 'test.echo', payload: { n: 1 } }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toHaveLength(0);
    await t.app.ctx.db.transaction((tx) => q.enqueue(tx, [{ kind: 'test.echo', payload: { n: 2 } }]));
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 2 }]);
    expect(await rows()).toMatchObject([{ state: 'done', attempts: 1, leaseOwner: null }]);
  });

  it('a dedupe key keeps one job of a kind', async () => {
    const q = queue();
    expect(await q.enqueue(t.app.ctx.db, [{ kind: 'test.a', dedupeKey: 'm1' }, { kind: 'test.a', dedupeKey: 'm1' }, { kind: 'test.b', dedupeKey: 'm1' }])).toBe(2);
    expect(await q.enqueue(t.app.ctx.db, [{ kind: 'test.a', dedupeKey: 'm1' }])).toBe(0);
    expect(await rows()).toHaveLength(2);
  });

  it('a job that must follow a change runs again when its key has already run, or is running, without the change', async () => {
    const q = queue();
    let runs = 0;
    q.register({ kind: 'test.follow', run: async () => void (runs += 1) });
    const follow = { kind: 'test.follow', dedupeKey: 'p1:7' };
    await enqueueAfterChange(t.app.ctx.db, t.clock.now(), follow);
    await enqueueAfterChange(t.app.ctx.db, t.clock.now(), follow); // still waiting: it will see this change too
    expect(await rows()).toMatchObject([{ state: 'queued', dedupeKey: 'p1:7' }]);
    expect(await q.runDue()).toBe(1);
    // A change committed after that run read the data: a new job takes the key.
    await t.app.ctx.db.transaction((tx) => enqueueAfterChange(tx, t.clock.now(), follow));
    const [ran, again] = await rows();
    expect([ran, again]).toMatchObject([{ state: 'done', dedupeKey: `p1:7:ran:${ran!.id}` }, { state: 'queued', dedupeKey: 'p1:7' }]);
    expect(await q.runDue()).toBe(1);
    expect(runs).toBe(2);
  });

  it('a job that must follow a change, running when the change commits: both runs settle their own row', async () => {
    const claim = async () => (await claimJobs(t.app.ctx.db, { owner: 'one-instance', kinds: ['test.follow'], limit: 1, now: t.clock.now(), leaseMs: 5 * MIN }))[0]!;
    const follow = { kind: 'test.follow', dedupeKey: 'p1:8' };
    await enqueueAfterChange(t.app.ctx.db, t.clock.now(), follow);
    const first = await claim();
    await enqueueAfterChange(t.app.ctx.db, t.clock.now(), follow);
    // The same instance takes the new job while the first run is still going (one process: always the same owner).
    const second = await claim();
    expect(second.id).not.toBe(first.id);
    await finishJobs(t.app.ctx.db, 'one-instance', [first.id], t.clock.now());
    const byId = async (id: number) => (await rows()).find((r) => r.id === id);
    expect(await byId(first.id)).toMatchObject({ state: 'done' });
    expect(await byId(second.id)).toMatchObject({ state: 'running', dedupeKey: 'p1:8' });
  });

  it('a job for later waits for the clock; a hold puts it back without counting an attempt', async () => {
    const q = queue();
    let holds = 1;
    const ran: number[] = [];
    q.register({
      kind: 'test.later',
      run: async (job) => {
        if (holds-- > 0) return { later: new Date(t.clock.nowMs() + 30 * MIN) };
        ran.push(job.attempts);
      },
    });
    await q.enqueue(t.app.ctx.db, [{ kind: 'test.later', runAt: new Date(t.clock.nowMs() + 10 * MIN) }]);
    expect(await q.runDue()).toBe(0);
    t.clock.advance(10 * MIN);
    expect(await q.runDue()).toBe(1); // held
    expect(await rows()).toMatchObject([{ state: 'queued', attempts: 0 }]);
    t.clock.advance(29 * MIN);
    expect(await q.runDue()).toBe(0);
    t.clock.advance(MIN);
    expect(await q.runDue()).toBe(1);
    expect(ran).toEqual([1]);
  });

  it('retries a passing failure with backoff for 24 hours, then gives up once', async () => {
    const q = queue();
    const gaveUp: string[] = [];
    let runs = 0;
    q.register({
      kind: 'test.flaky',
      run: async () => {
        runs += 1;
        throw new RetryLaterError(`421 try again (${runs})`);
      },
      gaveUp: async (_job, error) => void gaveUp.push(error),
    });
    const start = t.clock.nowMs();
    await q.enqueue(t.app.ctx.db, [{ kind: 'test.flaky' }]);
    expect(await q.runDue()).toBe(1);
    const [first] = await rows();
    expect(first).toMatchObject({ state: 'queued', attempts: 1, lastError: '421 try again (1)' });
    expect(first!.runAt.getTime() - start).toBeGreaterThanOrEqual(30_000);
    expect(first!.runAt.getTime() - start).toBeLessThan(36_001);
    t.clock.advance(20_000);
    expect(await q.runDue()).toBe(0); // not yet
    while (gaveUp.length === 0) {
      const [job] = await rows();
      if (job!.state !== 'queued') break;
      t.clock.set(job!.runAt);
      await q.runDue();
    }
    expect(gaveUp).toHaveLength(1);
    const [last] = await rows();
    expect(last).toMatchObject({ state: 'failed' });
    expect(t.clock.nowMs() - start).toBeLessThanOrEqual(24 * HOUR);
    expect(t.clock.nowMs() - start).toBeGreaterThan(20 * HOUR);
    expect(runs).toBeGreaterThan(20);
  });

  it('a job whose worker died is claimed again once its lease has run out', async () => {
    const q = queue();
    const ran: number[] = [];
    q.register({ kind: 'test.lease', leaseMs: 5 * MIN, run: async (job) => void ran.push(job.attempts) });
    await q.enqueue(t.app.ctx.db, [{ kind: 'test.lease' }]);
    // Another instance claims it and dies before finishing.
    const lost = await claimJobs(t.app.ctx.db, { owner: 'dead-instance', kinds: ['test.lease'], limit: 10, now: t.clock.now(), leaseMs: 5 * MIN });
    expect(lost).toHaveLength(1);
    expect(await q.runDue()).toBe(0);
    t.clock.advance(5 * MIN + 1);
    expect(await q.runDue()).toBe(1);
    expect(ran).toEqual([2]);
    expect(await rows()).toMatchObject([{ state: 'done' }]);
  });

  it('a channel that is down holds its other jobs instead of failing each one', async () => {
    const q = queue();
    let up = false;
    const sent: number[] = [];
    const other: number[] = [];
    q.register({
      kind: 'test.mail',
      channel: 'email',
      run: async (job: ClaimedJob<{ n: number }>) => {
        if (!up) throw new RetryLaterError('connect ECONNREFUSED', { channelDown: true });
        sent.push(job.payload.n);
      },
    });
    q.register({ kind: 'test.other', run: async (job: ClaimedJob<{ n: number }>) => void other.push(job.payload.n) });
    const numbers = Array.from({ length: 30 }, (_, n) => n);
    await q.enqueue(t.app.ctx.db, numbers.map((n) => ({ kind: 'test.mail', payload: { n } })));
    await q.enqueue(t.app.ctx.db, [{ kind: 'test.other', payload: { n: 9 } }]);
    await q.runDue();
    expect(other).toEqual([9]);
    expect(q.pausedChannels()).toMatchObject([{ channel: 'email', reason: 'connect ECONNREFUSED' }]);
    const after = (await rows()).filter((r) => r.kind === 'test.mail');
    // The runs already started when the first failed count an attempt (at most one per lane); the rest were put back
    // without one, to the end of the hold.
    const tried = after.filter((r) => r.attempts === 1).length;
    expect(tried).toBeGreaterThanOrEqual(1);
    expect(tried).toBeLessThanOrEqual(10);
    expect(after.filter((r) => r.attempts === 0)).toHaveLength(30 - tried);
    up = true;
    t.clock.advance(40_000);
    await q.runDue();
    expect(sent.sort((a, b) => a - b)).toEqual(numbers);
    expect(q.pausedChannels()).toEqual([]);
  });

  it('a run that succeeds beside one that found the channel down does not lift the hold', async () => {
    const q = queue();
    q.register({
      kind: 'test.round',
      channel: 'email',
      concurrency: 2,
      run: async (job: ClaimedJob<{ down: boolean }>) => {
        if (job.payload.down) throw new RetryLaterError('connect ECONNREFUSED', { channelDown: true });
        // The other run (a sender that found nothing to send) ends after the failure was recorded.
        for (let turn = 0; turn < 1000 && q.pausedChannels().length === 0; turn++) await new Promise((r) => setImmediate(r));
      },
    });
    await q.enqueue(t.app.ctx.db, [
      { kind: 'test.round', payload: { down: true } },
      { kind: 'test.round', payload: { down: false } },
    ]);
    await q.runDue();
    expect(q.pausedChannels()).toMatchObject([{ channel: 'email', reason: 'connect ECONNREFUSED' }]);
  });

  it('two workers side by side run each job once', async () => {
    const seen = new Map<number, number>();
    const workers = [queue(), queue()];
    for (const w of workers) {
      w.register({
        kind: 'test.once',
        run: async (job: ClaimedJob<{ n: number }>) => {
          seen.set(job.payload.n, (seen.get(job.payload.n) ?? 0) + 1);
          await new Promise((r) => setImmediate(r));
        },
      });
    }
    await workers[0]!.enqueue(t.app.ctx.db, Array.from({ length: 300 }, (_, n) => ({ kind: 'test.once', payload: { n } })));
    await Promise.all(workers.map((w) => w.runDue()));
    expect(seen.size).toBe(300);
    expect([...seen.values()].every((c) => c === 1)).toBe(true);
  });

  it('counts jobs by kind and state, with the oldest due', async () => {
    const q = queue();
    await q.enqueue(t.app.ctx.db, [{ kind: 'test.x' }, { kind: 'test.x' }, { kind: 'test.x', runAt: new Date(t.clock.nowMs() + HOUR) }]);
    t.clock.advance(90_000);
    const depth = await q.depth();
    expect(depth).toEqual([{ kind: 'test.x', state: 'queued', count: 3, due: 2, oldestDueSeconds: 90 }]);
  });

  it('the worker loop runs jobs on its own and stops cleanly', async () => {
    const q = queue();
    const seen: number[] = [];
    q.register({ kind: 'test.loop', run: async (job: ClaimedJob<{ n: number }>) => void seen.push(job.payload.n) });
    await q.enqueue(t.app.ctx.db, [{ kind: 'test.loop', payload: { n: 1 } }]);
    q.start({ pollMs: 10 });
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    await q.enqueue(t.app.ctx.db, [{ kind: 'test.loop', payload: { n: 2 } }]);
    q.poke();
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(2);
    await q.stop();
    const counted = await t.app.ctx.db.execute(sql`select count(*)::int as n from jobs where state = 'done'`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    expect((await t.app.ctx.db.select().from(jobs).where(eq(jobs.state, 'running'))).length).toBe(0);
  });
});
