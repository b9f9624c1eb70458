// Core rules at portal scale: queue positions and estimates for 100,000 clients, beside a baseline measured in
// the same run (Array.prototype.sort of the same 100,000 records on one numeric field), and the working-day
// calendar for N = 5000 with 300 holidays. Prints medians; no thresholds.
import { addCalendarDays, dayToIso, isoToDay, weekdayOfDay } from '../../src/core/dates';
import { calendarFor, computeQueue } from '../../src/core/estimate';
import { computeQueuePositions, type QueueItem } from '../../src/core/queue';
import { defaultWorkloadSettings, type WorkloadSettings } from '../../src/core/workload-settings';

const CLIENTS = 100_000;
const RUNS = 15;
const WARMUPS = 2;
const TODAY = '2026-01-05';

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Client extends QueueItem {
  score: number;
}

function generateClients(n: number, seed: number): Client[] {
  const random = rng(seed);
  const statuses = ['Pending', 'In Progress', 'Review', 'Waiting for documents', 'Urgent', 'Completed', 'Done', 'Cancelled', 'On hold', ''];
  const priorities: (string | number)[] = ['urgent', 'high', 'medium', 'normal', 'low', '', '1', '2', '3', '5', 7, 'n/a'];
  const base = isoToDay(TODAY);
  const clients: Client[] = new Array<Client>(n);
  for (let i = 0; i < n; i += 1) {
    const r = random();
    clients[i] = {
      status: statuses[Math.floor(random() * statuses.length)] as string,
      priority: priorities[Math.floor(random() * priorities.length)] as string | number,
      dueDate: r < 0.7 ? dayToIso(base + Math.floor(random() * 400)) : null,
      manualPosition: random() < 0.01 ? 1 + Math.floor(random() * 50) : null,
      row: i,
      score: random(),
    };
  }
  return clients;
}

function holidays(count: number, seed: number): string[] {
  const random = rng(seed);
  const out = new Set<string>();
  const base = isoToDay(TODAY);
  while (out.size < count) out.add(dayToIso(base + Math.floor(random() * 7500)));
  return [...out];
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

/**
 * Median time of each case. Cases run interleaved (one of each per round) so that load from other processes
 * affects the baseline and the candidates alike.
 */
function measureTogether(cases: (() => unknown)[], runs = RUNS): number[] {
  for (let w = 0; w < WARMUPS; w += 1) for (const fn of cases) fn();
  const times = cases.map(() => [] as number[]);
  for (let r = 0; r < runs; r += 1) {
    cases.forEach((fn, i) => {
      const t0 = performance.now();
      fn();
      times[i]?.push(performance.now() - t0);
    });
  }
  return times.map(median);
}

/** Reference: walk day by day. */
function naiveAdd(start: string, n: number, workingDays: readonly number[], holidaySet: Set<string>): string {
  let day = isoToDay(start);
  let left = n;
  while (left > 0) {
    day += 1;
    if (workingDays.includes(weekdayOfDay(day)) && !holidaySet.has(dayToIso(day))) left -= 1;
  }
  return dayToIso(day);
}

function table(rows: [string, number, number | null][]): void {
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`${'case'.padEnd(w)}  ${'median'.padStart(12)}  ${'x baseline'.padStart(10)}`);
  for (const [name, ms, ratio] of rows) {
    const time = ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(2)} us`;
    console.log(`${name.padEnd(w)}  ${time.padStart(12)}  ${ratio === null ? '' : (ratio < 0.1 ? ratio.toPrecision(2) : ratio.toFixed(2)).padStart(10)}`);
  }
}

export async function run(): Promise<void> {
  const clients = generateClients(CLIENTS, 42);
  const settings: WorkloadSettings = { ...defaultWorkloadSettings, holidays: holidays(300, 7) };
  const calendar = calendarFor(settings);
  let sink = 0;

  const [baseline, positions, estimates, estimatesWithCalendar] = measureTogether([
    () => {
      const sorted = clients.slice().sort((a, b) => a.score - b.score);
      sink += sorted.length;
    },
    () => {
      sink += computeQueuePositions(clients).order.length;
    },
    () => {
      sink += computeQueue(clients, { settings, today: TODAY, calendar }).length;
    },
    () => {
      sink += computeQueue(clients, { settings, today: TODAY }).length;
    },
  ]) as [number, number, number, number];

  const active = computeQueuePositions(clients).order.length;
  console.log(`${CLIENTS.toLocaleString('en-US')} clients (${active.toLocaleString('en-US')} active), 300 holidays, median of ${RUNS} runs`);
  table([
    ['baseline: sort 100k records by one numeric key', baseline, 1],
    ['positions (computeQueuePositions)', positions, positions / baseline],
    ['positions + estimates (computeQueue, calendar reused)', estimates, estimates / baseline],
    ['positions + estimates (computeQueue, calendar built)', estimatesWithCalendar, estimatesWithCalendar / baseline],
  ]);

  // Calendar: N = 5000 working days with 300 holidays, from 1000 different start dates.
  const starts = Array.from({ length: 1000 }, (_, i) => addCalendarDays(TODAY, i));
  const holidaySet = new Set(settings.holidays);
  const naiveStarts = starts.slice(0, 20);
  const [jumpAll, naiveAll, build] = measureTogether([
    () => {
      for (const s of starts) sink += calendar.addWorkingDays(s, 5000).length;
    },
    () => {
      for (const s of naiveStarts) sink += naiveAdd(s, 5000, settings.workingDays, holidaySet).length;
    },
    () => {
      sink += calendarFor(settings).isWorkingDay(TODAY) ? 1 : 0;
    },
  ]) as [number, number, number];
  const jump = jumpAll / starts.length;
  const naive = naiveAll / naiveStarts.length;
  console.log('\nworking-day calendar, N = 5000, 300 holidays (per call)');
  table([
    ['day-by-day walk (reference)', naive, 1],
    ['addWorkingDays (week jumps + binary search)', jump, jump / naive],
    ['build the calendar (once per portal)', build, null],
  ]);
  if (sink === -1) console.log(sink);
}
