import type { NewClientEvent } from '@core/client-events';
import type { AppUnderTest } from '../support/test-app';

// Helpers of the estimate suites: a queue to import and a history of completions behind a portal.

const DAY = 24 * 60 * 60 * 1000;

/** A sheet of 30 pending clients Q-100..Q-129 (the first 5 of priority 1, the rest 3), and `ahead` more of priority 1. */
export const queueCsv = (ahead = 0) =>
  [
    'Client ID,Client Name,Email Address,Status,Priority',
    ...Array.from({ length: 30 }, (_, i) => `Q-${100 + i},Client ${i},client${i}@example.com,Pending,${i < 5 ? 1 : 3}`),
    ...Array.from({ length: ahead }, (_, i) => `N-${i},New ${i},new${i}@example.com,Pending,1`),
  ].join('\n');

/** Completions of clients done long ago (ids not in the sheet), `perDay` on each of the last `days` weekdays, oldest first. */
export async function pastCompletions(t: AppUnderTest, portalId: string, days: number, perDay: number) {
  const actor = { kind: 'sync', runId: '00000000-0000-4000-8000-000000000001' } as const;
  const times: number[] = [];
  for (let at = t.clock.nowMs() - DAY; times.length < days; at -= DAY) {
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) times.unshift(at);
  }
  let n = 0;
  for (const at of times) {
    const list: NewClientEvent[] = [];
    for (let i = 0; i < perDay; i += 1) list.push({ type: 'client.completed', portalId, clientId: `OLD-${n++}`, actor, data: { status: 'Completed' } });
    await t.app.ctx.db.transaction((tx) => t.app.ctx.clientEvents.record(tx, list, new Date(at)));
  }
}
