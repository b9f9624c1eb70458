import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { NewClientEvent } from '@core/client-events';
import { addCalendarDays } from '@core/dates';
import { businessProfiles, clientEstimates, clientEvents, clients, estimateSnapshots, portalEstimateState, portals } from '../../src/server/db/schema';
import { SNAPSHOT_RETENTION_DAYS } from '@core/estimates/accuracy';
import { enqueueStalePortals, PURGE_SNAPSHOTS_JOB } from '../../src/server/jobs/estimate-jobs';
import { refreshPortalEstimates } from '../../src/server/services/estimates/refresh-estimates';
import { pastCompletions, queueCsv } from './estimate-support';
import { lookup, portalWithClients, setConfig } from './portal-helpers';
import { businessWithPortal, postCsv, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';

// Estimates computed and kept (issue 20, decision 0017): after each sync (through the job queue), at the start of each
// day, one simulation for the whole queue; each day's first computation kept as the snapshot of what was shown.

/** A portal with months of completions behind it. */
let portalId: string;
/** A new portal: no completions yet. */
let freshId: string;
let owner: Awaited<ReturnType<typeof businessWithPortal>>;
let freshOwner: Awaited<ReturnType<typeof portalWithClients>>;
let zone: string;
const DAY = 24 * 60 * 60 * 1000;

const t = useTestApp();
beforeAll(async () => {
  owner = await businessWithPortal(t.app);
  portalId = owner.portalId;
  // The portal has existed for months (the throughput window never reaches before its first day) and completed two
  // clients each working day of the last six weeks.
  await t.app.ctx.db.update(portals).set({ createdAt: new Date('2025-10-01T12:00:00Z') }).where(eq(portals.id, portalId));
  await pastCompletions(t, portalId, 30, 2);
  expect((await postCsv(t.app, `/api/v1/portals/${portalId}/import`, owner.cookie, queueCsv())).statusCode).toBe(200);
  freshOwner = await portalWithClients(t.app, { csv: queueCsv() });
  freshId = freshOwner.portalId;
  const [business] = await t.app.ctx.db.select({ timeZone: businessProfiles.timeZone }).from(businessProfiles).innerJoin(portals, eq(portals.businessId, businessProfiles.id)).where(eq(portals.id, portalId));
  zone = business!.timeZone;
});

const rows = (id = portalId) => t.app.ctx.db.select().from(clientEstimates).where(eq(clientEstimates.portalId, id)).orderBy(asc(clientEstimates.position));
const snapshotCount = async (day: string, id = portalId) =>
  (await t.app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(estimateSnapshots).where(and(eq(estimateSnapshots.portalId, id), eq(estimateSnapshots.shownOn, day))))[0]!.n;
const stateOf = async (id = portalId) => (await t.app.ctx.db.select().from(portalEstimateState).where(eq(portalEstimateState.portalId, id)))[0];

describe('estimates after a sync', () => {
  it('a sync asks for a refresh on the job queue: a new portal gets ranges around the settings formula', async () => {
    expect(await rows(freshId)).toEqual([]);
    t.clock.advance(2000);
    await t.app.ctx.jobs.runDue();
    const stored = await rows(freshId);
    expect(stored).toHaveLength(30);
    const formula = await t.app.ctx.db.select({ clientId: clients.clientId, estimate: clients.estimatedCompletion }).from(clients).where(eq(clients.portalId, freshId));
    const byId = new Map(formula.map((f) => [f.clientId, f.estimate]));
    for (const r of stored) {
      expect(r.basis).toBe('settings');
      expect(r.likely).toBe(byId.get(r.clientId));
      expect(r.low <= r.likely && r.likely < r.high).toBe(true);
      expect(r.reason).toBeNull();
    }
    expect(await stateOf(freshId)).toMatchObject({ computedFor: t.clock.today(zone), basis: 'settings', windowCompletions: 0 });
    expect(await snapshotCount(t.clock.today(zone), freshId)).toBe(30);
  });

  it('with 20 completions in the window the range comes from history (one simulation for every position)', async () => {
    const stored = await rows();
    expect(stored).toHaveLength(30);
    let last = '';
    for (const r of stored) {
      expect(r.basis).toBe('history');
      expect(r.low <= r.likely && r.likely <= r.high).toBe(true);
      expect(r.likely >= last).toBe(true); // later positions are never sooner
      last = r.likely;
    }
    // The 30th client at 2 a day: about 15 working days out.
    const far = stored[stored.length - 1]!;
    expect(far.likely > addCalendarDays(t.clock.today(zone), 14)).toBe(true);
    expect(far.likely < addCalendarDays(t.clock.today(zone), 35)).toBe(true);
    expect(await stateOf()).toMatchObject({ basis: 'history', windowCompletions: 60 });
    // The same data again writes nothing, and the day keeps its first snapshot.
    expect(await refreshPortalEstimates(t.app.ctx, portalId)).toMatchObject({ basis: 'history', queued: 30, written: 0, snapshot: false });
    expect(await snapshotCount(t.clock.today(zone))).toBe(30);
  });

  it('at the start of each day in the business zone the round refreshes the portals computed for another day', async () => {
    expect(await enqueueStalePortals(t.app.ctx)).toBe(0);
    t.clock.advance(DAY);
    expect(await enqueueStalePortals(t.app.ctx)).toBe(2);
    await t.app.ctx.jobs.runDue();
    expect((await stateOf())!.computedFor).toBe(t.clock.today(zone));
    expect(await snapshotCount(t.clock.today(zone))).toBe(30);
    expect(await enqueueStalePortals(t.app.ctx)).toBe(0);
  });
});

describe('the card and the API', () => {
  it('the card says the range in plain words with when it was updated; GET clients carries the estimate beside estimatedCompletion', async () => {
    const state = await stateOf();
    t.clock.set(new Date(state!.updatedAt.getTime() + 5 * 60_000));
    const res = await lookup(t.app, portalId, { query: 'client29@example.com' });
    expect(res.statusCode).toBe(200);
    const card = res.json().client;
    const [stored] = await t.app.ctx.db.select().from(clientEstimates).where(and(eq(clientEstimates.portalId, portalId), eq(clientEstimates.clientId, 'Q-129')));
    expect(card.estimate).toEqual({ likely: stored!.likely, low: stored!.low, high: stored!.high, basis: 'history', updatedAt: state!.updatedAt.toISOString() });
    expect(card.estimatedCompletion).toBe(stored!.likely);
    // The card's sentences come made: the range (dates of this year without it), when it was computed.
    const words = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC', ...(iso.slice(0, 4) === t.clock.today(zone).slice(0, 4) ? {} : { year: 'numeric' }) });
    expect(card.estimateNote).toEqual({
      range: `Around ${words(stored!.likely)}, very likely between ${words(stored!.low)} and ${words(stored!.high)}.`,
      updated: 'Updated 5 minutes ago.',
    });
    // The range is said once: the insight names the most likely date alone.
    expect(card.insights).toMatch(/we expect to finish it around \w+day, \w+ \d+, \d{4}\.$/);
    const list = await request(t.app, 'GET', `/api/v1/portals/${portalId}/clients?pageSize=100`, owner.cookie);
    const listed = (list.json().clients as { clientId: string; estimate: unknown; estimatedCompletion: string | null }[]).find((c) => c.clientId === 'Q-129')!;
    expect(listed.estimate).toEqual(card.estimate);
    expect(listed.estimatedCompletion).toBe(stored!.likely);
  });

  it('a single date: low and high are the most likely date; no estimate: neither is sent', async () => {
    await setConfig(t.app, owner.cookie, portalId, { estimateStyle: 'date' });
    const card = (await lookup(t.app, portalId, { query: 'client29@example.com' })).json().client;
    expect(card.estimate.low).toBe(card.estimate.likely);
    expect(card.estimate.high).toBe(card.estimate.likely);
    expect(card.insights).not.toContain('very likely');
    expect(card.estimateNote).not.toHaveProperty('range');
    expect(card.estimateNote.updated).toMatch(/^Updated (just now|.+ ago)\.$/);
    await setConfig(t.app, owner.cookie, portalId, { showEstimatedCompletion: false });
    const hidden = (await lookup(t.app, portalId, { query: 'client29@example.com' })).json().client;
    expect(hidden).not.toHaveProperty('estimate');
    expect(hidden).not.toHaveProperty('estimatedCompletion');
    expect(hidden).not.toHaveProperty('estimateNote');
    await setConfig(t.app, owner.cookie, portalId, { showEstimatedCompletion: true, estimateStyle: 'range' });
  });

  it('once the client saw a date, a later one by more than a working day comes with one sentence why', async () => {
    const first = (await lookup(t.app, freshId, { query: 'client20@example.com' })).json().client;
    expect(first.estimate).toMatchObject({ basis: 'settings' });
    expect(first.estimate).not.toHaveProperty('reason');
    expect(first.estimateNote.updated).toMatch(/^Based on the business's settings\. Updated (just now|.+ ago)\.$/);
    expect(first.estimateNote).not.toHaveProperty('reason');
    // The business doubles its average project duration (settings basis): the date moves later.
    const [portal] = await t.app.ctx.db.select({ settings: portals.workloadSettings }).from(portals).where(eq(portals.id, freshId));
    const res = await request(t.app, 'PATCH', `/api/v1/portals/${freshId}`, freshOwner.cookie, { workloadSettings: { ...portal!.settings, averageProjectDuration: 20 } });
    expect(res.statusCode).toBe(200);
    t.clock.advance(2000);
    await t.app.ctx.jobs.runDue();
    const later = (await lookup(t.app, freshId, { query: 'client20@example.com' })).json().client;
    expect(later.estimate.likely > first.estimate.likely).toBe(true);
    expect(later.estimate.reason).toBe('We updated our workload settings, so your date moved later.');
    expect(later.estimateNote).toEqual({ range: expect.stringMatching(/^Around /), updated: "Based on the business's settings. Updated just now.", reason: later.estimate.reason });
    // Seen now: the next computation has nothing to explain.
    await refreshPortalEstimates(t.app.ctx, freshId);
    expect((await lookup(t.app, freshId, { query: 'client20@example.com' })).json().client.estimate).not.toHaveProperty('reason');
  });
});

describe('snapshots kept as long as accuracy needs them', () => {
  it('the daily purge deletes snapshots older than the longest period, its lead and the staleness allowance, and keeps the rest', async () => {
    const today = t.clock.today('UTC');
    const old = addCalendarDays(today, -(SNAPSHOT_RETENTION_DAYS + 2));
    const kept = addCalendarDays(today, -(SNAPSHOT_RETENTION_DAYS - 1));
    const row = { portalId, clientId: 'Q-100', position: 1, priorityClass: 'medium' as const, likely: today, low: today, high: today, basis: 'history' as const };
    await t.app.ctx.db.insert(estimateSnapshots).values([
      { ...row, shownOn: old },
      { ...row, shownOn: kept },
    ]);
    await t.app.ctx.jobs.enqueue(t.app.ctx.db, [{ kind: PURGE_SNAPSHOTS_JOB, dedupeKey: 'purge-test', runAt: t.clock.now() }]);
    await t.app.ctx.jobs.runDue();
    expect(await snapshotCount(old)).toBe(0);
    expect(await snapshotCount(kept)).toBe(1);
    expect(await snapshotCount(t.clock.today(zone))).toBe(30);
  });
});

describe('accuracy: how the estimates fared', () => {
  /** A portal that completed one client a working day for 60 working days, strictly in queue order (moves recorded). */
  async function steadyPortal() {
    const o = await businessWithPortal(t.app);
    await t.app.ctx.db.update(portals).set({ createdAt: new Date(t.clock.nowMs() - 200 * DAY) }).where(eq(portals.id, o.portalId));
    const days: number[] = []; // 15:00 UTC of the last 61 weekdays before today, oldest first
    for (let at = Math.floor(t.clock.nowMs() / DAY) * DAY + 15 * 3600 * 1000 - DAY; days.length < 61; at -= DAY) {
      const weekday = new Date(at).getUTCDay();
      if (weekday !== 0 && weekday !== 6) days.unshift(at);
    }
    const n = 60;
    const event = (clientId: string, type: NewClientEvent['type'], data: Record<string, unknown>, at: number) => ({ portalId: o.portalId, clientId, type, data, actor: 'system:test', occurredAt: new Date(at) });
    // Written as the log stores them, in the order they happened (one statement: no subscriber has to hear of the past).
    const rows = Array.from({ length: n }, (_, i) => event(`D-${i}`, 'client.added', { status: 'Pending', statusClass: 'pending' }, days[0]!));
    for (let j = 0; j < n; j += 1) {
      rows.push(event(`D-${j}`, 'client.completed', { status: 'Completed' }, days[j + 1]!), event(`D-${j}`, 'client.queue_moved', { from: 1, to: null }, days[j + 1]!));
      for (let i = j + 1; i < n; i += 1) rows.push(event(`D-${i}`, 'client.queue_moved', { from: i - j + 1, to: i - j }, days[j + 1]!));
    }
    await t.app.ctx.db.insert(clientEvents).values(rows);
    return { ...o, completedOn: days.slice(1).map((at) => new Date(at).toISOString().slice(0, 10)) };
  }
  const accuracy = (o: { portalId: string; cookie: string }, days = 30) => request(t.app, 'GET', `/api/v1/portals/${o.portalId}/estimates/accuracy?days=${days}`, o.cookie);

  it('a portal new to ranges gets the figures back-tested on its history: a steady pace is placed to within a day, inside its range', async () => {
    const o = await steadyPortal();
    const res = await accuracy(o);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const from = addCalendarDays(t.clock.today(zone), -29);
    expect(body).toMatchObject({ days: 30, source: 'back-test', completed: o.completedOn.filter((d) => d >= from).length });
    expect(body.leads.map((l: { leadDays: number }) => l.leadDays)).toEqual([30, 14, 7]);
    for (const lead of body.leads) {
      expect(lead.clients).toBeGreaterThan(0);
      expect(lead.inRange).toBeGreaterThanOrEqual(0.8);
      expect(lead.late).toBeLessThanOrEqual(0.2);
      expect(lead.medianErrorDays).toBeLessThanOrEqual(1);
    }

    // Once the snapshots reach back past the longest lead, the figures are what clients were really shown.
    const late = o.completedOn.filter((d) => d >= from);
    const shown = late.map((done, i) => {
      const on = addCalendarDays(done, -7);
      // Every other client was shown a range that ended two days before it was done.
      const high = i % 2 === 0 ? done : addCalendarDays(done, -2);
      return { portalId: o.portalId, shownOn: on, clientId: `D-${o.completedOn.indexOf(done)}`, position: 5, priorityClass: 'medium' as const, likely: high, low: addCalendarDays(done, -3), high, basis: 'history' as const };
    });
    shown.push({ ...shown[0]!, clientId: 'D-0', shownOn: addCalendarDays(from, -30) });
    await t.app.ctx.db.insert(estimateSnapshots).values(shown);
    // The answer is kept for the portal and the day until its data changes: the same back-test, not run again.
    expect((await accuracy(o)).json()).toEqual(body);
    // A sync asks for the portal's estimates: computed again, they make the next read compute afresh.
    await refreshPortalEstimates(t.app.ctx, o.portalId);
    const real = (await accuracy(o)).json();
    expect(real).toMatchObject({ source: 'shown', completed: late.length });
    const week = real.leads.find((l: { leadDays: number }) => l.leadDays === 7);
    expect(week).toMatchObject({ clients: late.length, inRange: Math.ceil(late.length / 2) / late.length, late: Math.floor(late.length / 2) / late.length, early: 0 });
    expect(real.leads.find((l: { leadDays: number }) => l.leadDays === 30).clients).toBe(0);
  });

  it("only the owner's business reads it, for 7, 30 or 90 days", async () => {
    const other = await businessWithPortal(t.app);
    expect((await request(t.app, 'GET', `/api/v1/portals/${portalId}/estimates/accuracy`, other.cookie)).statusCode).toBe(404);
    const bad = await accuracy(owner, 12);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('days must be 7, 30 or 90');
  });
});
