// npm run test:cluster (issue 24, decision 0015): three instances of the built server on one PostgreSQL and one
// Redis behind Caddy, checked with real requests through the balancer, then faults made under a steady load of
// portal lookups. Prints each check with its figures and exits 1 when one fails. Needs Debian's caddy and
// redis-server and the machine's PostgreSQL (CLUSTER_PG_URL, default postgres://postgres@127.0.0.1:5432).
import fs from 'node:fs';
import path from 'node:path';
import { startCluster, CADDY, REDIS_SERVER, type Cluster } from './ops/cluster';
import { startSteadyLoad } from './ops/steady-load';
import { signInOnceCreated } from './ops/processes';
import { startFakeGoogleSheets } from '../tests/support/fake-google-sheets';
import { startTestSmtp } from '../tests/support/test-smtp';
import { startWebhookReceiver } from '../tests/support/webhook-receiver';

const root = path.resolve(import.meta.dirname, '..');
const SHEET = fs.readFileSync(path.join(root, 'tests/fixtures/sheets/tax-preparer.csv'), 'utf8');
const EMAILS = SHEET.trim().split('\n').slice(1).map((line) => line.split(',')[2]!);
const MAPPING = { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 };
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64');

interface Result {
  name: string;
  ok: boolean;
  detail: string;
}
const results: Result[] = [];

async function check(name: string, run: () => Promise<string>): Promise<void> {
  const started = Date.now();
  try {
    const detail = await run();
    results.push({ name, ok: true, detail });
    console.log(`ok   ${name}: ${detail} (${Date.now() - started} ms)`);
  } catch (err) {
    results.push({ name, ok: false, detail: (err as Error).message });
    console.log(`FAIL ${name}: ${(err as Error).message}`);
  }
}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** Polls `probe` until it returns a value (not undefined) or `timeoutMs` passes. */
async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A browser-like client of one origin: JSON in and out, the session cookie kept. */
function client(cluster: Cluster) {
  let cookie = '';
  const send = async (base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const isJson = body !== undefined && !Buffer.isBuffer(body);
    const res = await fetch(base + url, {
      method,
      headers: {
        origin: cluster.url,
        'sec-fetch-site': 'same-origin',
        ...(cookie ? { cookie } : {}),
        ...(isJson ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isJson ? JSON.stringify(body) : new Uint8Array(body as Buffer),
    });
    const setCookies = res.headers.getSetCookie();
    if (setCookies.length) cookie = setCookies.map((c) => c.split(';')[0] ?? '').filter((c) => !c.endsWith('=')).join('; ');
    const text = await res.text();
    return { status: res.status, json: parseJson(text), headers: res.headers };
  };
  return {
    via: (base: string) => ({
      get: (url: string, headers?: Record<string, string>) => send(base, 'GET', url, undefined, headers),
      post: (url: string, body?: unknown, headers?: Record<string, string>) => send(base, 'POST', url, body ?? {}, headers),
      put: (url: string, body: unknown, headers?: Record<string, string>) => send(base, 'PUT', url, body, headers),
      patch: (url: string, body: unknown) => send(base, 'PATCH', url, body),
    }),
    get cookie() {
      return cookie;
    },
  };
}

/** The answer's JSON (its fields read loosely: this script checks them), or the text when it is not JSON. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function parseJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function lookup(base: string, origin: string, portalId: string, query: string, address: string) {
  return fetch(`${base}/api/public/portals/${portalId}/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': address },
    body: JSON.stringify({ query }),
  }).then(async (r) => ({ status: r.status, body: await r.text() }));
}

async function main() {
  for (const binary of [CADDY, REDIS_SERVER]) {
    if (!fs.existsSync(binary)) throw new Error(`${binary} is missing: apt-get install caddy redis-server`);
  }
  const smtp = await startTestSmtp();
  const sheets = await startFakeGoogleSheets();
  sheets.set('cluster-sheet', { kind: 'csv', body: SHEET });
  const receiver = await startWebhookReceiver();
  const started = Date.now();
  const cluster = await startCluster({
    database: 'statuslink_cluster',
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'StatusLink <updates@statuslink.test>',
      GOOGLE_SHEETS_BASE_URL: sheets.baseUrl,
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
  });
  console.log(`three instances and the balancer ready in ${((Date.now() - started) / 1000).toFixed(1)} s (logs in ${cluster.dir})`);
  try {
    await sharedState(cluster, { smtp, sheets, receiver });
    await faults(cluster);
  } finally {
    await cluster.close();
    await Promise.all([smtp.close(), sheets.close(), receiver.close()]);
  }
  const failed = results.filter((r) => !r.ok);
  console.log(`\n${results.length - failed.length} of ${results.length} checks passed`);
  if (failed.length) process.exitCode = 1;
  else fs.rmSync(cluster.dir, { recursive: true, force: true });
}

type Services = {
  smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  sheets: Awaited<ReturnType<typeof startFakeGoogleSheets>>;
  receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
};

async function sharedState(cluster: Cluster, services: Services) {
  const owner = client(cluster);
  const lb = owner.via(cluster.url);
  const [a, b, c] = cluster.instances.map((i) => owner.via(i.url));
  const email = `owner-${Date.now()}@example.com`;
  const password = 'Harbour-Lights-42-Cluster';
  let portalId = '';

  await check('a session made through the balancer works on every instance', async () => {
    const signUp = await lb.post('/api/auth/sign-up/email', {
      email, password, name: 'Dana Owner', companyName: 'Cluster Tax', phone: '+1 555 0100', plan: 'business',
      timeZone: 'America/New_York', acceptTerms: true,
    });
    expect(signUp.status === 200, `sign-up answered ${signUp.status} ${JSON.stringify(signUp.json)}`);
    // A sign-up never signs in and its account is made after the answer (decision 0021): sign in once it is there.
    const signIn = await signInOnceCreated(() => lb.post('/api/auth/sign-in/email', { email, password }));
    expect(signIn.status === 200, `sign-in answered ${signIn.status}`);
    const answers = await Promise.all([a, b, c].map((via) => via!.get('/api/v1/me')));
    expect(answers.every((r) => r.status === 200), `GET /api/v1/me per instance: ${answers.map((r) => r.status).join(', ')}`);
    return 'GET /api/v1/me answered 200 on all three instances';
  });

  await check('a portal imported through the balancer', async () => {
    const created = await lb.post('/api/v1/portals', { name: 'Main' });
    expect(created.status === 201, `create portal answered ${created.status}`);
    portalId = created.json.portalId;
    const source = await lb.put(`/api/v1/portals/${portalId}/source`, {
      type: 'google_sheet', sheetUrl: 'https://docs.google.com/spreadsheets/d/cluster-sheet/edit', columnMapping: MAPPING,
    });
    expect(source.status === 200, `connecting the sheet answered ${source.status} ${JSON.stringify(source.json)}`);
    return `${EMAILS.length} clients`;
  });
  if (!portalId) return;

  await check('portal lookup limits are shared (30 a minute from one address, over three instances)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 36; i += 1) statuses.push((await lookup(cluster.url, cluster.url, portalId, EMAILS[i % EMAILS.length]!, '203.0.113.9')).status);
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused === 6, `${refused} of 36 refused with 429 (expected 6): ${statuses.join(' ')}`);
    return '30 answered, the next 6 got 429';
  });

  await check('sign-in throttling is shared (10 failures over three instances lock the account)', async () => {
    const address = '203.0.113.10';
    const wrong = { email, password: 'not-the-password-1', rememberMe: false };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const stranger = client(cluster).via(cluster.url);
      statuses.push((await stranger.post('/api/auth/sign-in/email', wrong, { 'x-forwarded-for': address })).status);
    }
    expect(statuses.every((s) => s === 401), `failed sign-ins answered ${statuses.join(' ')}`);
    const right = await client(cluster).via(cluster.url).post('/api/auth/sign-in/email', { email, password }, { 'x-forwarded-for': address });
    expect(right.status === 429, `the 11th sign-in answered ${right.status}`);
    return 'the 11th attempt answered 429';
  });

  await check('a logo uploaded through one instance is served by the others', async () => {
    const put = await a!.put(`/api/v1/portals/${portalId}/logo`, PNG, { 'content-type': 'image/png' });
    expect(put.status === 200, `upload answered ${put.status} ${JSON.stringify(put.json)}`);
    for (const via of [b!, c!]) {
      const res = await fetch(`${cluster.instances[via === b ? 1 : 2]!.url}/api/public/portals/${portalId}/logo`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.status === 200 && bytes.equals(PNG), `logo on another instance: ${res.status}, ${bytes.length} bytes`);
    }
    return 'the same bytes from instances 2 and 3';
  });

  await check('a portal change on one instance shows on the others within the cache TTL (1 s)', async () => {
    const title = `Where is my return? ${Date.now()}`;
    const changed = await a!.patch(`/api/v1/portals/${portalId}`, { config: { title } });
    expect(changed.status === 200, `PATCH answered ${changed.status} ${JSON.stringify(changed.json)}`);
    const from = Date.now();
    const seen = await Promise.all(
      cluster.instances.slice(1).map((inst) =>
        waitFor(
          async () => {
            const res = await fetch(`${inst.url}/api/public/portals/${portalId}`);
            const body = (await res.json()) as { portal?: { title: string } };
            return body.portal?.title === title ? Date.now() - from : undefined;
          },
          3_000,
          'the new title',
        ),
      ),
    );
    expect(Math.max(...seen) <= 1_500, `seen after ${seen.join(' and ')} ms`);
    return `seen after ${seen.join(' and ')} ms`;
  });

  await check('each invitation is sent once (three instances share the queue)', async () => {
    const invited = await lb.post(`/api/v1/portals/${portalId}/invitations`, { all: true });
    expect(invited.status === 200 || invited.status === 202, `invitations answered ${invited.status} ${JSON.stringify(invited.json)}`);
    const queued: number = invited.json.queued;
    expect(queued === EMAILS.length, `${queued} queued of ${EMAILS.length}`);
    // Only the clients' e-mails count (the owner gets e-mails of its own).
    const toClients = () => services.smtp.accepted.map((m) => m.to).filter((to) => EMAILS.includes(to));
    await waitFor(async () => (toClients().length >= queued ? true : undefined), 30_000, `${queued} e-mails`);
    // Any duplicate would be sent by another instance's worker within its next claim; give it a few rounds.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const recipients = toClients();
    expect(new Set(recipients).size === recipients.length && recipients.length === queued, `${recipients.length} e-mails to ${new Set(recipients).size} addresses`);
    return `${queued} e-mails, one per client`;
  });

  await check('each webhook delivery of a sync’s changes happens once', async () => {
    const endpoint = await lb.post('/api/v1/webhooks', { url: `${services.receiver.url}/hooks`, events: ['client.status_changed'] });
    expect(endpoint.status === 201, `creating the endpoint answered ${endpoint.status} ${JSON.stringify(endpoint.json)}`);
    // Three clients move from Pending to Review in the sheet; a sync through the balancer writes their events.
    const changed = SHEET.replace(/,Pending,/g, ',Review,');
    const moved = SHEET.split(',Pending,').length - 1;
    expect(moved >= 2, `the fixture has ${moved} pending clients`);
    services.sheets.set('cluster-sheet', { kind: 'csv', body: changed });
    const sync = await lb.post(`/api/v1/portals/${portalId}/sync`, {});
    expect(sync.status === 200, `the sync answered ${sync.status} ${JSON.stringify(sync.json)}`);
    await waitFor(async () => (services.receiver.received.length >= moved ? true : undefined), 30_000, `${moved} deliveries`);
    // A second delivery would come from another instance's worker within its next claim; give it a few rounds.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const ids = services.receiver.received.map((r) => String(r.headers['webhook-id']));
    expect(ids.length === moved && new Set(ids).size === moved, `${ids.length} requests for ${new Set(ids).size} messages (${moved} changes)`);
    return `${moved} status changes, each delivered once`;
  });

  // Due now (after the manual sync above, which moves the next one on): the three instances' schedulers, each
  // ticking every 30 s, race for it.
  await cluster.sql(`update portals set next_sync_at = now() - interval '1 second' where id = $1`, [portalId]);
  const scheduledFrom = Date.now();
  await check('a due scheduled sync runs once', async () => {
    const runs = await waitFor(
      async () => {
        const rows = await cluster.sql<{ n: number }>(`select count(*)::int as n from sync_runs where portal_id = $1 and trigger = 'schedule'`, [portalId]);
        return rows[0]!.n > 0 ? rows[0]!.n : undefined;
      },
      45_000,
      'a scheduled sync',
    );
    // Every instance ticks within 30 s of the sync being due: wait until each has had its chance.
    const waited = Date.now() - scheduledFrom;
    if (waited < 32_000) await new Promise((resolve) => setTimeout(resolve, 32_000 - waited));
    const [after] = await cluster.sql<{ n: number }>(`select count(*)::int as n from sync_runs where portal_id = $1 and trigger = 'schedule'`, [portalId]);
    expect(runs === 1 && after!.n === 1, `${after!.n} scheduled runs`);
    return '1 scheduled run';
  });
  portalForFaults = portalId;
}

let portalForFaults = '';

async function faults(cluster: Cluster) {
  if (!portalForFaults) return;
  const load = startSteadyLoad({ url: `${cluster.url}/api/public/portals/${portalForFaults}/lookup`, origin: cluster.url, queries: EMAILS });
  const inFlight = 2;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));
  try {
    await settle();
    await check('kill -9 of one instance under load', async () => {
      const from = Date.now();
      await cluster.stopInstance(2, 'SIGKILL');
      await settle();
      const failed = load.failuresSince(from);
      await cluster.startInstance(2);
      expect(failed.length <= inFlight, `${failed.length} failed requests (${describe(failed)}); at most ${inFlight} were in flight`);
      return `${failed.length} failed of ${load.answers.filter((x) => x.at >= from).length} (in flight at the kill: up to ${inFlight})`;
    });

    await check('rolling restart, one instance after another (graceful drain)', async () => {
      const from = Date.now();
      const startedAt = cluster.instances.map(() => from);
      const marks: string[] = [];
      const mark = (what: string) => marks.push(`${what} +${Date.now() - from} ms`);
      // As a deployment would: the next instance is stopped only once the balancer sends every instance traffic
      // again (its health check passed and any earlier failure, such as the kill above, has aged out).
      const inRotation = (i: number) => load.answers.some((a) => a.status === 200 && a.servedBy === cluster.instances[i]!.port && a.at > startedAt[i]!);
      for (let i = 0; i < cluster.instances.length; i += 1) {
        await waitFor(async () => (cluster.instances.every((_, j) => inRotation(j)) ? true : undefined), 30_000, 'every instance in rotation');
        mark(`stop ${i + 1}`);
        await cluster.stopInstance(i, 'SIGTERM');
        await cluster.startInstance(i);
        startedAt[i] = Date.now();
        mark(`${i + 1} ready`);
      }
      await settle();
      const failed = load.failuresSince(from);
      const when = failed.map((f) => `+${f.at - from}`).join(' ');
      expect(failed.length === 0, `${failed.length} failed requests (${describe(failed)}) at ${when} ms; ${marks.join(', ')}`);
      return `0 failed of ${load.answers.filter((x) => x.at >= from).length}`;
    });

    await check('Redis restarted: limits fall back, nothing crashes', async () => {
      const from = Date.now();
      await cluster.restartRedis();
      await settle();
      const failed = load.failuresSince(from);
      const alive = await Promise.all(cluster.instances.map((i) => fetch(`${i.url}/api/health/ready`).then((r) => r.status)));
      expect(alive.every((s) => s === 200), `ready per instance: ${alive.join(', ')}`);
      expect(failed.every((f) => f.status !== 0 && f.status < 500), `failures: ${describe(failed)}`);
      return `${failed.length} non-200 answers (${describe(failed)}), every instance ready`;
    });

    await check('PostgreSQL refusing connections for 10 s: 503 with a reason, then recovered by itself', async () => {
      const from = Date.now();
      await cluster.postgresProxy.refuse(10_000);
      const during = load.failuresSince(from);
      const recoveredAt = await waitFor(
        async () => {
          const last = load.answers.at(-1);
          return last && last.at > from + 10_000 && last.status === 200 ? last.at : undefined;
        },
        30_000,
        'a lookup answered again',
      );
      // An instance answers 503 database_unavailable; once every instance fails its ready check the balancer answers
      // 503 service_unavailable itself. Both say what is wrong; nothing else (no 500, no dropped connection) may come.
      const clear = new Set(['database_unavailable', 'service_unavailable']);
      const bad = during.filter((f) => !(f.status === 503 && clear.has(f.code ?? '')));
      expect(bad.length === 0, `answers other than a clear 503: ${describe(bad)}`);
      const [stuck] = await cluster.sql<{ n: number }>(`select count(*)::int as n from sync_runs where status = 'running'`);
      expect(stuck!.n === 0, `${stuck!.n} syncs left running`);
      return `${describe(during)}; lookups answered again ${((recoveredAt - from - 10_000) / 1000).toFixed(1)} s after the database came back`;
    });
  } finally {
    await load.stop();
  }
  const total = load.answers.length;
  console.log(`steady load: ${total} lookups through the balancer, ${load.answers.filter((x) => x.status === 200).length} answered 200`);
}

function describe(answers: { status: number; code?: string }[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const key = a.status === 0 ? 'no answer' : `${a.status}${a.code ? ` ${a.code}` : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n} x ${k}`).join(', ') || 'none';
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
