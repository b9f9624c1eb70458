// The sync's parse and plan steps alone, in process, many times over one generated sheet: CPU time per step, far
// less noisy on a loaded machine than the whole import bench. Copy this file into another checkout's bench/ to
// compare two versions in the same run (`npx tsx bench/parse-plan.ts` in each, interleaved).
// `node --expose-gc --import tsx bench/parse-plan.ts`; PARSE_PLAN_ROWS (20000), PARSE_PLAN_RUNS (15). Prints the median and minimum CPU ms of: parse (decode and
// parse the CSV), first (plan against no stored clients: a first import), again (plan against the clients the
// first plan stored, 1% of statuses changed).
import { detectColumns } from '../src/core/columns';
import { createEstimateContext } from '../src/core/estimate';
import { defaultWorkloadSettings } from '../src/core/workload-settings';
import { decodeCsvBytes, parseSheetCsv } from '../src/server/services/sheet-sync/parse-csv';
import { planImport, type ExistingClient, type ImportPlan } from '../src/server/services/sheet-sync/plan-import';
import { makeSheet } from '../tests/support/make-sheet';

const ROWS = Number(process.env.PARSE_PLAN_ROWS ?? 20_000);
const RUNS = Number(process.env.PARSE_PLAN_RUNS ?? 15);

/** CPU milliseconds (user + system) spent in `f`. */
async function cpuMs<T>(f: () => Promise<T>): Promise<[number, T]> {
  // With --expose-gc, each step starts without the garbage of the one before.
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.cpuUsage();
  const value = await f();
  const used = process.cpuUsage(start);
  return [(used.user + used.system) / 1000, value];
}

/** The clients a plan stored, as the next sync loads them. */
function storedBy(plan: ImportPlan): Map<string, ExistingClient> {
  const map = new Map<string, ExistingClient>();
  for (const w of plan.inserts) {
    map.set(w.client_id, {
      clientId: w.client_id,
      sourceId: w.source_id,
      emailNormalized: w.email_normalized,
      row: w.row,
      status: w.status,
      priority: w.priority,
      dueDate: w.due_date,
      contentHash: w.content_hash,
      removed: false,
      manualPosition: null,
      queueState: w.queue_state,
      queuePosition: w.queue_position,
      estimatedWorkingDays: w.estimated_working_days,
      estimatedCompletion: w.estimated_completion,
    } as ExistingClient);
  }
  return map;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const bytes = Buffer.from(makeSheet(ROWS, 42, 0));
  const changed = Buffer.from(makeSheet(ROWS, 42, 100));
  const estimate = createEstimateContext(defaultWorkloadSettings, 'UTC', Date.UTC(2026, 10, 26));
  let key = 0;
  const newKey = () => `k_${(key += 1)}`;
  const times = { parse: [] as number[], first: [] as number[], again: [] as number[] };
  for (let run = 0; run < RUNS; run += 1) {
    const [parseMs, sheet] = await cpuMs(() => parseSheetCsv(decodeCsvBytes(bytes).text));
    const mapping = detectColumns(sheet.headers, sheet.rows.slice(0, 50)).mapping;
    const plan = (existing: Map<string, ExistingClient>, s = sheet) => planImport({ sheet: s, mapping, dateOrder: 'dmy', existing, estimate, newKey });
    const [firstMs, first] = await cpuMs(() => plan(new Map()));
    const next = await parseSheetCsv(decodeCsvBytes(changed).text);
    const [againMs, again] = await cpuMs(() => plan(storedBy(first), next));
    if (first.inserts.length === 0 || again.updates.length === 0) throw new Error('the plans did not import and update');
    times.parse.push(parseMs);
    times.first.push(firstMs);
    times.again.push(againMs);
  }
  const line = Object.entries(times)
    .map(([k, v]) => `${k} ${median(v).toFixed(0)} (min ${Math.min(...v).toFixed(0)})`)
    .join(', ');
  console.log(`${ROWS} rows, ${RUNS} runs, CPU ms median: ${line}`);
}

await main();
