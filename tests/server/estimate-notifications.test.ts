import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { createWorkingCalendar } from '@core/working-days';
import { clientEstimates, clientEvents, clients, jobs, notificationMessages, portals } from '../../src/server/db/schema';
import { refreshPortalEstimates } from '../../src/server/services/estimates/refresh-estimates';
import { runSync } from '../../src/server/services/sheet-sync/run-sync';
import type { SyncFailurePoint } from '../../src/server/services/sheet-sync/sync-types';
import { longDate } from '../../src/server/services/notifications/render-client-email';
import { pastCompletions, queueCsv } from './estimate-support';
import { messagesOf, MINUTE } from './notification-support';
import { lookup } from './portal-helpers';
import { businessWithPortal, postCsv } from '../support/sheets';
import { startTestSmtp, type TestSmtp } from '../support/test-smtp';
import { useTestApp } from '../support/test-app';

// Slips of the range feed the "estimate moved later" e-mail (issue 20 item 4, issue 19, decision 0017): once a
// portal's estimates are computed, the estimates refresh alone records `client.estimate_changed`, with the most likely
// date its card shows, in the transaction that writes its rows; the sync and the other writers no longer do.

let smtp: TestSmtp;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});
const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'updates@statuslink.test' }), { realMailer: true });

/** The portal's estimate events after `after`, as 'client by actor: from -> to'. */
async function estimateEvents(portalId: string, after = 0) {
  const rows = await t.app.ctx.db
    .select({ id: clientEvents.id, clientId: clientEvents.clientId, actor: clientEvents.actor, data: clientEvents.data })
    .from(clientEvents)
    .where(and(eq(clientEvents.portalId, portalId), eq(clientEvents.type, 'client.estimate_changed'), gt(clientEvents.id, after)))
    .orderBy(asc(clientEvents.id));
  return rows.map((r) => ({ clientId: r.clientId, actor: r.actor, ...(r.data as { from: string | null; to: string | null }) }));
}
const lastEventId = async () => (await t.app.ctx.db.select({ id: sql<number>`coalesce(max(${clientEvents.id}), 0)::int` }).from(clientEvents))[0]!.id;
const likelyOf = async (portalId: string) =>
  new Map((await t.app.ctx.db.select({ clientId: clientEstimates.clientId, likely: clientEstimates.likely }).from(clientEstimates).where(eq(clientEstimates.portalId, portalId))).map((r) => [r.clientId, r.likely]));
const formulaOf = async (portalId: string) =>
  new Map((await t.app.ctx.db.select({ clientId: clients.clientId, date: clients.estimatedCompletion }).from(clients).where(eq(clients.portalId, portalId))).map((r) => [r.clientId, r.date]));
/** The estimates refresh a sync asked for runs when its 2-second interval ends. */
async function runRefresh() {
  t.clock.advance(2000);
  await t.app.ctx.jobs.runDue();
}

describe('a portal with computed estimates', () => {
  it('a slip of the most likely date comes from the refresh alone: one event, one e-mail quoting the date the card shows', async () => {
    t.clock.set('2026-03-02T15:00:00Z'); // a Monday, 10:00 in New York
    const owner = await businessWithPortal(t.app, { companyName: 'Ranges & Co' });
    await t.app.ctx.db.update(portals).set({ createdAt: new Date(t.clock.nowMs() - 200 * DAY) }).where(eq(portals.id, owner.portalId));
    await pastCompletions(t, owner.portalId, 30, 2);
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, queueCsv())).statusCode).toBe(200);

    // The portal's first refresh: its clients were shown the formula's date until now; those the range moves get an
    // event from that date to the most likely one.
    const formula = await formulaOf(owner.portalId);
    const beforeFirst = await lastEventId();
    await runRefresh();
    const likely = await likelyOf(owner.portalId);
    expect(likely.size).toBe(30);
    const first = await estimateEvents(owner.portalId, beforeFirst);
    expect(first.length).toBe([...likely].filter(([id, date]) => formula.get(id) !== date).length);
    for (const e of first) expect(e).toEqual({ clientId: e.clientId, actor: 'system:estimates.refresh', from: formula.get(e.clientId), to: likely.get(e.clientId) });
    await t.app.ctx.db.delete(notificationMessages);
    await t.app.ctx.db.delete(jobs);

    // Ten urgent clients arrive ahead of the queue: Q-129 goes from 30th to 40th, five working days at two a day.
    const beforeSync = await lastEventId();
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, queueCsv(10))).statusCode).toBe(200);
    const bySync = await estimateEvents(owner.portalId, beforeSync);
    expect(bySync).toEqual([]); // the sync moved the formula's dates, and records no estimate change
    await runRefresh();
    const moved = await likelyOf(owner.portalId);
    const slipped = (await estimateEvents(owner.portalId, beforeSync)).filter((e) => e.clientId === 'Q-129');
    expect(slipped).toEqual([{ clientId: 'Q-129', actor: 'system:estimates.refresh', from: likely.get('Q-129'), to: moved.get('Q-129') }]);
    const calendar = createWorkingCalendar({ workingDays: [1, 2, 3, 4, 5], holidays: [] });
    expect(calendar.countWorkingDays(likely.get('Q-129')!, moved.get('Q-129')!)).toBeGreaterThan(2);
    // The new clients' first estimates are no change of a date they were shown.
    expect((await estimateEvents(owner.portalId, beforeSync)).filter((e) => e.clientId.startsWith('N-')).every((e) => e.from === null)).toBe(true);

    // One message when the window ends, saying the date the card shows.
    t.clock.advance(10 * MINUTE);
    await t.app.ctx.jobs.runDue();
    const mails = await smtp.waitFor(1);
    const mail = mails.find((m) => m.to === 'client29@example.com')!;
    const card = (await lookup(t.app, owner.portalId, { query: 'client29@example.com' })).json().client;
    expect(card.estimatedCompletion).toBe(moved.get('Q-129'));
    expect(mail.subject).toBe(`Ranges & Co: New estimated completion ${longDate(card.estimatedCompletion)}`);
    expect(mail.text).toContain(`The estimated completion date has moved to ${longDate(card.estimatedCompletion)} (it was ${longDate(likely.get('Q-129')!)}).`);
    expect(await messagesOf(t.app, owner.portalId, 'Q-129')).toMatchObject([{ state: 'sent', triggers: ['estimate'] }]);

    // The same data again: nothing to record.
    const beforeAgain = await lastEventId();
    t.clock.advance(60_000);
    await t.app.ctx.jobs.enqueue(t.app.ctx.db, [{ kind: 'estimates.refresh', dedupeKey: 'again', payload: { portalId: owner.portalId }, runAt: t.clock.now() }]);
    await t.app.ctx.jobs.runDue();
    expect(await estimateEvents(owner.portalId, beforeAgain)).toEqual([]);
  }, 60_000); // two imports, three refreshes and a delivery: about 12 s alone, more on a machine shared with other work

  it('a client leaving the queue: its estimate goes to none, once, by the refresh', async () => {
    const owner = await businessWithPortal(t.app);
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, queueCsv())).statusCode).toBe(200);
    await runRefresh();
    const likely = await likelyOf(owner.portalId);
    const before = await lastEventId();
    const done = queueCsv().replace('Q-100,Client 0,client0@example.com,Pending', 'Q-100,Client 0,client0@example.com,Completed');
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, done)).statusCode).toBe(200);
    expect(await estimateEvents(owner.portalId, before)).toEqual([]);
    await runRefresh();
    const events = await estimateEvents(owner.portalId, before);
    expect(events.filter((e) => e.clientId === 'Q-100')).toEqual([{ clientId: 'Q-100', actor: 'system:estimates.refresh', from: likely.get('Q-100'), to: null }]);
    expect(events.every((e) => e.actor === 'system:estimates.refresh')).toBe(true);
  });
});

describe('refreshes of one portal at once', () => {
  it("record each change once (one write of a portal's estimates at a time)", async () => {
    const owner = await businessWithPortal(t.app);
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, queueCsv())).statusCode).toBe(200);
    await runRefresh();
    const before = await lastEventId();
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, queueCsv(10))).statusCode).toBe(200);
    await t.app.ctx.db.delete(jobs);
    await Promise.all([refreshPortalEstimates(t.app.ctx, owner.portalId), refreshPortalEstimates(t.app.ctx, owner.portalId)]);
    const events = await estimateEvents(owner.portalId, before);
    expect(events.filter((e) => e.clientId.startsWith('Q-')).length).toBeGreaterThan(20);
    expect(new Set(events.map((e) => e.clientId)).size).toBe(events.length);
  });
});

describe("a portal's first refresh beside a write", () => {
  /** A sync of `csv` into the portal, as an upload, telling `asking` when it is about to ask who records its estimate changes. */
  async function syncTelling(portalId: string, csv: string, asking: () => void) {
    const [portal] = await t.app.ctx.db.select().from(portals).where(eq(portals.id, portalId));
    const input = { portalId, businessId: portal!.businessId, timeZone: 'UTC', trigger: 'upload' as const, upload: { bytes: Buffer.from(csv) } };
    const failAt = (point: SyncFailurePoint) => (point === 'estimates-asked' ? asking() : undefined);
    return runSync({ ...t.app.ctx, failAt }, input);
  }

  it('records each change of a date once: a write before it records its own, one after it leaves them to the refresh', async () => {
    const owner = await businessWithPortal(t.app);
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, queueCsv())).statusCode).toBe(200);
    await t.app.ctx.db.delete(jobs); // no refresh has run: the writers record the formula's dates

    // The first refresh reads the queue, then waits while a sync puts ten urgent clients ahead (moving every formula
    // date), until the sync asks who records its estimate changes: on PostgreSQL it then waits for the refresh's lock
    // (or, asking after the refresh committed, finds the estimates computed); on the embedded database it sees the
    // refresh under way. Either way the refresh records them.
    let read!: () => void;
    let resume!: () => void;
    let asked!: () => void;
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    const hasAsked = new Promise<void>((resolve) => (asked = resolve));
    const afterReading = async () => {
      read();
      await resumed;
    };
    const refreshing = refreshPortalEstimates({ ...t.app.ctx, afterReading }, owner.portalId);
    await hasRead;
    const syncing = syncTelling(owner.portalId, queueCsv(10), asked);
    await Promise.race([hasAsked, syncing]);
    resume();
    expect((await syncing).applied).toBe(true);
    await refreshing;
    await runRefresh(); // the one the sync asked for

    // Each client's changes follow on from each other: no change is told twice, from two sources.
    const events = await estimateEvents(owner.portalId);
    const last = new Map<string, string | null>();
    const untold: typeof events = [];
    for (const e of events) {
      if (last.has(e.clientId) && last.get(e.clientId) !== e.from) untold.push(e);
      last.set(e.clientId, e.to);
    }
    expect(untold).toEqual([]);
    const likely = await likelyOf(owner.portalId);
    expect([...likely].filter(([clientId, date]) => last.has(clientId) && last.get(clientId) !== date)).toEqual([]);
    expect(events.some((e) => e.actor === 'system:estimates.refresh' && e.clientId.startsWith('Q-'))).toBe(true);
  });
});

describe('a portal without computed estimates', () => {
  it('keeps the writers\' events: the sync records the formula\'s dates', async () => {
    const owner = await businessWithPortal(t.app);
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, queueCsv())).statusCode).toBe(200);
    await t.app.ctx.db.delete(jobs); // no refresh has run
    const formula = await formulaOf(owner.portalId);
    const before = await lastEventId();
    expect((await postCsv(t.app, `/api/v1/portals/${owner.portalId}/import`, owner.cookie, queueCsv(10))).statusCode).toBe(200);
    const after = await formulaOf(owner.portalId);
    const events = await estimateEvents(owner.portalId, before);
    const q129 = events.find((e) => e.clientId === 'Q-129')!;
    expect(q129).toMatchObject({ from: formula.get('Q-129'), to: after.get('Q-129') });
    expect(q129.actor).toMatch(/^sync:/);
    expect(events.every((e) => e.actor.startsWith('sync:'))).toBe(true);
  });
});
