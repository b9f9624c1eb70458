// Lighthouse (mobile, default simulated throttling) for the public pages, plus the JavaScript each page loads.
// Needs a web build (`npm run build`, pre-rendered pages included) and Chromium at /usr/bin/chromium (or
// CHROMIUM_PATH). Starts the app on its own port and a throw-away embedded database. By default measures the
// main pages; BENCH_LIGHTHOUSE_ALL=1 measures every page listed in /sitemap.xml.
// Prints the machine's Lighthouse benchmark index too: below about 1000 the CPU is slower than the reference
// Lighthouse assumes, and performance scores come out lower than on a typical developer machine.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PORT = 3178;
const BASE = `http://localhost:${PORT}`;
const MAIN_PAGES = ['/', '/pricing', '/resources', '/features', '/contact', '/resources/guides/connect-your-google-sheet', '/help', '/coming-soon/sms-notifications'];

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number; resourceSize?: number }[] } }>;
  environment: { benchmarkIndex: number };
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the app did not start');
}

function runLighthouse(url: string, outFile: string): LighthouseReport | null {
  const bin = path.join(root, 'node_modules/.bin/lighthouse');
  const result = spawnSync(
    bin,
    [
      url,
      '--quiet',
      '--form-factor=mobile',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      `--output-path=${outFile}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run',
    ],
    { env: { ...process.env, CHROME_PATH: chromium }, encoding: 'utf8' },
  );
  if (result.status !== 0 || !fs.existsSync(outFile)) {
    console.log(`  ${url}: lighthouse failed (${result.stderr?.split('\n').slice(-3).join(' ')})`);
    return null;
  }
  return JSON.parse(fs.readFileSync(outFile, 'utf8')) as LighthouseReport;
}

export async function run(): Promise<void> {
  if (!fs.existsSync(path.join(root, 'dist/web/_pages/manifest.json'))) {
    console.log('skipped: no pre-rendered build (run `npm run build` first)');
    return;
  }
  if (!fs.existsSync(chromium) || !fs.existsSync(path.join(root, 'node_modules/.bin/lighthouse'))) {
    console.log(`skipped: needs Chromium at ${chromium} and the lighthouse package`);
    return;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'statuslink-lh-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', APP_URL: BASE, DATA_DIR: tmp, DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    stdio: 'ignore',
  });
  try {
    await waitForHealth();
    let pages = MAIN_PAGES;
    if (process.env.BENCH_LIGHTHOUSE_ALL === '1') {
      const xml = await (await fetch(`${BASE}/sitemap.xml`)).text();
      pages = [...xml.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!);
    }
    console.log('page | perf | a11y | best | seo | FCP ms | LCP ms | TBT ms | CLS | JS KiB (transfer) | JS KiB (raw)');
    const indexes: number[] = [];
    for (const page of pages) {
      const report = runLighthouse(`${BASE}${page}`, path.join(tmp, 'report.json'));
      if (!report) continue;
      indexes.push(report.environment.benchmarkIndex);
      const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => report.audits[id]?.numericValue ?? NaN;
      const scripts = (report.audits['network-requests']?.details?.items ?? []).filter((r) => r.resourceType === 'Script');
      const transfer = scripts.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024;
      const raw = scripts.reduce((s, r) => s + (r.resourceSize ?? 0), 0) / 1024;
      console.log(
        [
          page,
          score('performance'),
          score('accessibility'),
          score('best-practices'),
          score('seo'),
          Math.round(metric('first-contentful-paint')),
          Math.round(metric('largest-contentful-paint')),
          Math.round(metric('total-blocking-time')),
          metric('cumulative-layout-shift').toFixed(3),
          transfer.toFixed(1),
          raw.toFixed(1),
        ].join(' | '),
      );
    }
    if (indexes.length) console.log(`Lighthouse benchmark index of this machine: ${Math.round(indexes.reduce((a, b) => a + b) / indexes.length)} (mean)`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
