// Load held by three instances (issue 24 item 3, decision 0015): the cluster of `npm run test:cluster` (three built
// servers on one PostgreSQL and Redis behind Caddy) with a 100,000-client portal, then portal lookups through the
// balancer at a fixed rate for minutes (autocannon in its own process, loopback only): answers, errors, latency
// percentiles, and each instance's resident memory after warm-up and at the end. The baseline, measured in the same
// run with the same load: Caddy in front of three bare node:http servers answering a card of the same size, which
// shows what the balancer and this machine allow before any of the app's work.
//
// Lookups come with clients' access links (the per-portal limit never refuses those; an e-mail search from 1,000
// addresses a second would be the enumeration that limit is there to stop), each from its own address.
// Targets (issue 24): zero errors, p99 under 50 ms, memory growth under 10 % after warm-up.
// Env: BENCH_CLUSTER_SECONDS (default 300), BENCH_CLUSTER_RATE (requests a second, default 1000),
// BENCH_CLUSTER_CLIENTS (default 100000), BENCH_CLUSTER_CONNECTIONS (default 100), BENCH_CLUSTER_LINKS (default 500).
import { fork } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCluster, type Cluster } from '../../scripts/ops/cluster';
import { freePort, printTable, rssMb, signInOnceCreated, sleep, startProcess, stopProcess, waitForHttp } from '../../scripts/ops/processes';
import { makeSheet } from '../../tests/support/make-sheet';
import { CADDY } from '../../scripts/ops/cluster';

const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 300);
const RATE = Number(process.env.BENCH_CLUSTER_RATE ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLUSTER_CLIENTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 100);
const LINKS = Number(process.env.BENCH_CLUSTER_LINKS ?? 500);
const WARMUP_SECONDS = Math.min(30, Math.round(SECONDS / 5));
const root = fileURLToPath(new URL('../../', import.meta.url));

interface LoadResult {
  requests: number;
  rps: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

interface LoadSpec {
  url: string;
  origin: string;
  bodies: string[];
  seconds: number;
  rate: number;
  connections: number;
}

// --- The load generator, in a child process so it does not share a core's event loop with this one ------------

async function loadMain(spec: LoadSpec): Promise<LoadResult> {
  const { default: autocannon } = await import('autocannon');
  let n = 0;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.seconds,
    overallRate: spec.rate,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          n += 1;
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              origin: spec.origin,
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: spec.bodies[n % spec.bodies.length]!,
          };
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

if (process.env.BENCH_CLUSTER_LOAD) {
  const spec = JSON.parse(fs.readFileSync(process.env.BENCH_CLUSTER_LOAD, 'utf8')) as LoadSpec;
  loadMain(spec).then((r) => {
    process.send?.(r);
    process.exit(0);
  });
}

function runLoad(spec: LoadSpec, scratch: string): Promise<LoadResult> {
  const file = path.join(scratch, `load-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, BENCH_CLUSTER_LOAD: file },
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the load generator exited with ${code}`))));
  });
}

// --- The app's cluster ---------------------------------------------------------------------------------------------

/**
 * An owner's requests through the balancer, signed in. Making hundreds of access links goes over the general limit
 * of 300 API requests a minute from one address: like any client, it waits as long as the 429's Retry-After says.
 */
async function owner(cluster: Cluster) {
  let cookie = '';
  const request = (method: string, url: string, body?: string, contentType = 'application/json') =>
    fetch(cluster.url + url, {
      method,
      headers: { origin: cluster.url, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}), ...(body ? { 'content-type': contentType } : {}) },
      body,
    });
  const keepCookie = (res: Response) => {
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(';')[0] ?? '').join('; ');
  };
  const send = async (method: string, url: string, body?: string, contentType?: string) => {
    let res = await request(method, url, body, contentType);
    while (res.status === 429) {
      await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
      res = await request(method, url, body, contentType);
    }
    keepCookie(res);
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown> & { portalId?: string; token?: string };
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const credentials = { email: `bench-${Date.now()}@example.com`, password: 'Harbour-Lights-42-Bench' };
  await send('POST', '/api/auth/sign-up/email', JSON.stringify({
    ...credentials, name: 'Bench Owner', companyName: 'Bench Tax',
    phone: '+1 555 0100', plan: 'business', timeZone: 'America/New_York', acceptTerms: true,
  }));
  // A sign-up never signs in and its account is made after the answer (decision 0021): sign in once it is there.
  const signedIn = await signInOnceCreated(() => request('POST', '/api/auth/sign-in/email', JSON.stringify(credentials)));
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${await signedIn.text()}`);
  keepCookie(signedIn);
  return send;
}

/** A portal of CLIENTS clients and LINKS of their access-link tokens, made through the balancer as an owner would. */
async function portalWithLinks(cluster: Cluster): Promise<{ portalId: string; tokens: string[] }> {
  const send = await owner(cluster);
  const portalId = (await send('POST', '/api/v1/portals', JSON.stringify({ name: 'Bench' }))).portalId!;
  const started = Date.now();
  await send('POST', `/api/v1/portals/${portalId}/import`, makeSheet(CLIENTS), 'text/csv');
  console.log(`imported ${CLIENTS.toLocaleString('en-US')} clients through the balancer in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const tokens: string[] = [];
  const step = Math.max(1, Math.floor(CLIENTS / LINKS));
  for (let i = 1; i <= CLIENTS && tokens.length < LINKS; i += step) {
    const id = `C-${String(i).padStart(6, '0')}`;
    tokens.push((await send('POST', `/api/v1/portals/${portalId}/clients/${id}/access-link`)).token!);
  }
  return { portalId, tokens };
}

function memorySampler(cluster: Cluster) {
  const samples: { at: number; mb: number[] }[] = [];
  const timer = setInterval(() => samples.push({ at: Date.now(), mb: cluster.instances.map((i) => rssMb(i.process!.child.pid!)) }), 5_000);
  return {
    samples,
    stop: () => clearInterval(timer),
  };
}

// --- The baseline: Caddy in front of three bare servers ---------------------------------------------------------

async function bareServers(card: string): Promise<{ ports: number[]; close(): Promise<void> }> {
  const servers = await Promise.all(
    [0, 1, 2].map(
      () =>
        new Promise<http.Server>((resolve) => {
          const server = http.createServer((req, res) => {
            req.resume();
            req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(card));
          });
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  return {
    ports: servers.map((s) => (s.address() as AddressInfo).port),
    close: async () => {
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
}

async function baseline(scratch: string, card: string, seconds: number): Promise<LoadResult> {
  const bare = await bareServers(card);
  const port = await freePort();
  const file = path.join(scratch, 'Caddyfile.baseline');
  fs.writeFileSync(file, `{\n\tadmin off\n\tauto_https off\n}\nhttp://127.0.0.1:${port} {\n\treverse_proxy ${bare.ports.map((p) => `127.0.0.1:${p}`).join(' ')} {\n\t\tlb_policy round_robin\n\t}\n}\n`);
  const caddy = startProcess('caddy (baseline)', CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], {
    log: path.join(scratch, 'caddy-baseline.log'),
    env: { PATH: process.env.PATH, HOME: scratch, XDG_DATA_HOME: scratch, XDG_CONFIG_HOME: scratch },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, { process: caddy });
    return await runLoad({ url: `http://127.0.0.1:${port}/lookup`, origin: 'http://127.0.0.1', bodies: ['{}'], seconds, rate: RATE, connections: CONNECTIONS }, scratch);
  } finally {
    await stopProcess(caddy);
    await bare.close();
  }
}

export async function run(): Promise<void> {
  const scratch = path.join(root, '.tmp', `bench-cluster-${process.pid}`);
  fs.mkdirSync(scratch, { recursive: true });
  const cluster = await startCluster({ database: 'statuslink_bench_cluster', env: { LOG_LEVEL: 'error' } });
  let app: LoadResult;
  let memory: ReturnType<typeof memorySampler>;
  let card: string;
  try {
    const { portalId, tokens } = await portalWithLinks(cluster);
    const lookupUrl = `${cluster.url}/api/public/portals/${portalId}/lookup`;
    const first = await fetch(lookupUrl, { method: 'POST', headers: { 'content-type': 'application/json', origin: cluster.url }, body: JSON.stringify({ token: tokens[0] }) });
    card = await first.text();
    if (first.status !== 200) throw new Error(`a lookup with an access link answered ${first.status}: ${card}`);
    memory = memorySampler(cluster);
    console.log(`${SECONDS} s of lookups at ${RATE}/s through the balancer (${CONNECTIONS} connections, ${tokens.length} access links)...`);
    app = await runLoad(
      { url: lookupUrl, origin: cluster.url, bodies: tokens.map((token) => JSON.stringify({ token })), seconds: SECONDS, rate: RATE, connections: CONNECTIONS },
      scratch,
    );
    memory.stop();
  } finally {
    await cluster.close();
  }
  const base = await baseline(scratch, card, Math.min(60, SECONDS));
  fs.rmSync(scratch, { recursive: true, force: true });

  printTable(
    ['load', 'requests', 'req/s', 'non-2xx', 'errors', 'time-outs', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
    [
      ['3 instances behind Caddy', app.requests, app.rps.toFixed(0), app.non2xx, app.errors, app.timeouts, app.p50, app.p90, app.p99, app.max],
      ['baseline: Caddy + 3 bare servers', base.requests, base.rps.toFixed(0), base.non2xx, base.errors, base.timeouts, base.p50, base.p90, base.p99, base.max],
    ],
  );
  const warm = memory.samples.find((s) => s.at - memory.samples[0]!.at >= WARMUP_SECONDS * 1000) ?? memory.samples[0];
  const last = memory.samples.at(-1);
  if (warm && last) {
    printTable(
      ['instance', `RSS after ${WARMUP_SECONDS} s (MB)`, 'RSS at the end (MB)', 'growth'],
      cluster.instances.map((inst, i) => [`instance ${inst.index + 1}`, warm.mb[i]!.toFixed(0), last.mb[i]!.toFixed(0), `${(((last.mb[i]! - warm.mb[i]!) / warm.mb[i]!) * 100).toFixed(1)} %`]),
    );
  }
  console.log('Targets: zero errors and non-2xx, p99 under 50 ms, memory growth under 10 % after warm-up.');
}
