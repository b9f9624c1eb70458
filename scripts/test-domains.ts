// npm run test:domains: custom domains end to end with real parts (issue 23, decision 0014). Debian's `pebble`
// (Let's Encrypt's test CA) and `pebble-challtestsrv` (its test DNS server), `caddy` running the shipped
// deploy/Caddyfile pointed at Pebble, and the built app. A verified name gets a certificate issued by Pebble on its
// first HTTPS request and serves its portal; a name that is not verified gets no certificate.
// Skips (exit 0) when the three programs are missing, unless DOMAINS=1 asks for them. Ports 3250-3257.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { PeerCertificate } from 'node:tls';
import pg from 'pg';
import { signInOnceCreated, startProcess, stopProcess, waitForHttp, type Started } from './ops/processes';

const ROOT = path.resolve(import.meta.dirname, '..');
const TMP = path.join(ROOT, '.tmp', 'domains-3250');
const PORTS = { acme: 3250, acmeManagement: 3251, http: 3252, https: 3253, dns: 3254, dnsManagement: 3255, caddyAdmin: 3256, app: 3257 };
const APP = `http://127.0.0.1:${PORTS.app}`;
const TARGET = 'portals.statuslink.test';
const VERIFIED = 'status.harbortax.com';
const UNVERIFIED = 'status.not-proven.com';
const binaries = ['/usr/bin/caddy', '/usr/bin/pebble', '/usr/bin/pebble-challtestsrv'];

const started: Started[] = [];
const log = (line: string) => console.log(`test:domains  ${line}`);

function fail(message: string): never {
  throw new Error(message);
}

/** A CA and a certificate for 127.0.0.1/localhost signed by it: Pebble's own HTTPS listener (its ACME directory). */
function makeListenerCertificate(): { ca: string; cert: string; key: string } {
  const file = (name: string) => path.join(TMP, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=test:domains CA', '-keyout', file('ca.key'), '-out', file('ca.pem'));
  openssl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=localhost', '-keyout', file('listener.key'), '-out', file('listener.csr'));
  fs.writeFileSync(file('san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  openssl('x509', '-req', '-in', file('listener.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '2', '-extfile', file('san.ext'), '-out', file('listener.pem'));
  return { ca: file('ca.pem'), cert: file('listener.pem'), key: file('listener.key') };
}

interface HttpsAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  certificate: PeerCertificate;
}

/** One HTTPS request to 127.0.0.1:`port` for `name` (SNI and Host), trusting only `ca`. */
function httpsGet(port: number, name: string, urlPath: string, ca: string | string[]): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', port, path: urlPath, servername: name, headers: { host: name }, ca, agent: false, timeout: 90_000 },
      (res) => {
        const certificate = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, certificate }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

async function post(base: string, urlPath: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${urlPath}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** Pebble-challtestsrv as the DNS of every part: the records a business would create. */
async function dnsRecord(kind: 'set-cname' | 'set-txt', body: Record<string, string>): Promise<void> {
  const res = await post(`http://127.0.0.1:${PORTS.dnsManagement}`, `/${kind}`, body);
  if (!res.ok) fail(`challtestsrv ${kind}: ${res.status} ${await res.text()}`);
}

/**
 * The app's database: a fresh PostgreSQL database beside TEST_DATABASE_URL's when that is set (ready in a second),
 * else the embedded one in the scratch folder (its first start creates the cluster, a minute on a busy machine).
 */
async function appDatabase(): Promise<Record<string, string>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { DATA_DIR: path.join(TMP, 'data') };
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query('drop database if exists statuslink_test_domains with (force)');
    await client.query('create database statuslink_test_domains');
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = '/statuslink_test_domains';
  return { DATABASE_URL: url.toString(), DATA_DIR: path.join(TMP, 'data') };
}

function startParts(listener: { ca: string; cert: string; key: string }, database: Record<string, string>) {
  const logs = (name: string) => path.join(TMP, `${name}.log`);
  started.push(
    startProcess('dns', '/usr/bin/pebble-challtestsrv', ['-dns01', `127.0.0.1:${PORTS.dns}`, '-management', `127.0.0.1:${PORTS.dnsManagement}`, '-http01', '', '-https01', '', '-tlsalpn01', '', '-defaultIPv4', '127.0.0.1', '-defaultIPv6', ''], { log: logs('challtestsrv') }),
  );
  const config = { pebble: { listenAddress: `127.0.0.1:${PORTS.acme}`, managementListenAddress: `127.0.0.1:${PORTS.acmeManagement}`, certificate: listener.cert, privateKey: listener.key, httpPort: PORTS.http, tlsPort: PORTS.https, ocspResponderURL: '', externalAccountBindingRequired: false } };
  fs.writeFileSync(path.join(TMP, 'pebble.json'), JSON.stringify(config));
  started.push(
    startProcess('pebble', '/usr/bin/pebble', ['-config', path.join(TMP, 'pebble.json'), '-dnsserver', `127.0.0.1:${PORTS.dns}`], {
      log: logs('pebble'),
      env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
    }),
  );
  started.push(
    startProcess('app', process.execPath, ['dist/server/main.js'], {
      cwd: ROOT,
      log: logs('app'),
      env: {
        PATH: process.env.PATH,
        PORT: String(PORTS.app),
        HOST: '127.0.0.1',
        ...database,
        SEED_DEMO: 'false',
        TRUST_PROXY: 'loopback',
        PORTAL_DOMAIN_TARGET: TARGET,
        DNS_RESOLVER: `127.0.0.1:${PORTS.dns}`,
        LOG_LEVEL: 'warn',
      },
    }),
  );
}

function startCaddy(listenerCa: string) {
  started.push(
    startProcess('caddy', '/usr/bin/caddy', ['run', '--config', path.join(ROOT, 'deploy', 'Caddyfile'), '--adapter', 'caddyfile'], {
      log: path.join(TMP, 'caddy.log'),
      env: {
        PATH: process.env.PATH,
        HOME: TMP,
        XDG_DATA_HOME: path.join(TMP, 'caddy-data'),
        XDG_CONFIG_HOME: path.join(TMP, 'caddy-config'),
        // Pebble's ACME directory is served with the listener certificate made above.
        SSL_CERT_FILE: listenerCa,
        APP_DOMAIN: 'app.statuslink.test',
        APP_UPSTREAM: `127.0.0.1:${PORTS.app}`,
        ACME_CA: `https://127.0.0.1:${PORTS.acme}/dir`,
        HTTP_PORT: String(PORTS.http),
        HTTPS_PORT: String(PORTS.https),
        CADDY_ADMIN: `127.0.0.1:${PORTS.caddyAdmin}`,
      },
    }),
  );
}

/** A Business-plan owner with two portals: one name verified, one only added. Returns the verified one's portal. */
async function businessWithDomains(): Promise<{ portalId: string }> {
  const origin = { origin: APP };
  const credentials = { email: `owner-${Date.now()}@example.com`, password: 'Harbour-Lights-42' };
  const signUp = await post(APP, '/api/auth/sign-up/email', { ...credentials, name: 'Dana Owner', companyName: 'Harbor Tax', phone: '+1 555 0100', plan: 'business', timeZone: 'America/New_York', acceptTerms: true }, origin);
  if (!signUp.ok) fail(`sign-up: ${signUp.status} ${await signUp.text()}`);
  // A sign-up never signs in and its account is made after the answer (decision 0021): sign in once it is there.
  const signIn = await signInOnceCreated(() => post(APP, '/api/auth/sign-in/email', credentials, origin));
  if (!signIn.ok) fail(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const authed = { ...origin, cookie };
  const portal = async () => ((await (await post(APP, '/api/v1/portals', { name: 'Main' }, authed)).json()) as { portalId: string }).portalId;
  const [verified, pending] = [await portal(), await portal()];
  for (const [portalId, name] of [[verified, VERIFIED], [pending, UNVERIFIED]] as const) {
    const added = await post(APP, `/api/v1/portals/${portalId}/domains`, { name }, authed);
    if (added.status !== 201) fail(`adding ${name}: ${added.status} ${await added.text()}`);
    const { records } = (await added.json()) as { records: { name: string; value: string }[] };
    await dnsRecord('set-cname', { host: `${name}.`, target: `${TARGET}.` });
    if (name === VERIFIED) await dnsRecord('set-txt', { host: `${records[1]!.name}.`, value: records[1]!.value });
  }
  const check = await post(APP, `/api/v1/portals/${verified}/domains/${VERIFIED}/verify`, {}, authed);
  const state = (await check.json()) as { status: string; problems: string[] };
  if (state.status !== 'verified') fail(`verify ${VERIFIED}: ${check.status} ${JSON.stringify(state)}`);
  const other = (await (await post(APP, `/api/v1/portals/${pending}/domains/${UNVERIFIED}/verify`, {}, authed)).json()) as { status: string; problems: string[] };
  if (other.status !== 'pending') fail(`${UNVERIFIED} should stay pending: ${JSON.stringify(other)}`);
  log(`${VERIFIED} verified; ${UNVERIFIED} pending (${other.problems.join(' ')})`);
  return { portalId: verified };
}

async function pebbleRoot(listenerCa: string): Promise<string> {
  const answer = await httpsGet(PORTS.acmeManagement, 'localhost', '/roots/0', fs.readFileSync(listenerCa, 'utf8'));
  if (answer.status !== 200) fail(`pebble /roots/0: ${answer.status}`);
  return answer.body;
}

async function expectCertificate(root: string, portalId: string): Promise<void> {
  const t0 = performance.now();
  const page = await httpsGet(PORTS.https, VERIFIED, '/', root);
  const ms = Math.round(performance.now() - t0);
  const altNames = page.certificate.subjectaltname ?? '';
  if (!altNames.split(', ').includes(`DNS:${VERIFIED}`)) fail(`certificate for ${VERIFIED} names ${altNames}`);
  if (!/pebble/i.test(JSON.stringify(page.certificate.issuer))) fail(`certificate not issued by Pebble: ${JSON.stringify(page.certificate.issuer)}`);
  if (page.status !== 200 || !page.body.includes(`content="${portalId}"`)) fail(`${VERIFIED}/ answered ${page.status} without its portal`);
  if (page.headers['set-cookie']) fail(`${VERIFIED} set a cookie`);
  log(`${VERIFIED}: certificate issued by ${page.certificate.issuer.CN} on the first HTTPS request (${ms} ms), portal page served`);
  const api = await httpsGet(PORTS.https, VERIFIED, `/api/public/portals/${portalId}`, root);
  if (api.status !== 200) fail(`portal API on ${VERIFIED}: ${api.status}`);
  for (const urlPath of ['/app/dashboard', '/api/v1/me', '/api/internal/tls-allowed?domain=x']) {
    const res = await httpsGet(PORTS.https, VERIFIED, urlPath, root);
    if (res.status !== 404) fail(`${VERIFIED}${urlPath} answered ${res.status}, not 404`);
  }
  log(`${VERIFIED}: portal API 200; app, business API and the allow endpoint 404`);
}

async function expectNoCertificate(root: string): Promise<void> {
  const outcome = await httpsGet(PORTS.https, UNVERIFIED, '/', root).then(
    (a) => `answered ${a.status} with a certificate for ${a.certificate.subjectaltname}`,
    (err: Error) => err,
  );
  if (!(outcome instanceof Error)) fail(`${UNVERIFIED} ${outcome}`);
  log(`${UNVERIFIED}: no certificate (${outcome.message})`);
}

async function expectRedirect(): Promise<void> {
  // node:http: fetch would not send our Host header.
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: PORTS.http, path: '/some/path', headers: { host: VERIFIED }, agent: false }, resolve).on('error', reject);
  });
  res.resume();
  const location = String(res.headers.location ?? '');
  if (res.statusCode !== 308 || !location.startsWith(`https://${VERIFIED}`)) fail(`http:// answered ${res.statusCode} ${location}`);
  log(`http://${VERIFIED}/some/path -> ${res.statusCode} ${location}`);
}

async function main() {
  const missing = binaries.filter((b) => !fs.existsSync(b));
  if (missing.length > 0) {
    if (process.env.DOMAINS === '1') fail(`missing: ${missing.join(', ')} (apt-get install caddy pebble)`);
    log(`skipped: ${missing.join(', ')} not installed (apt-get install caddy pebble)`);
    return;
  }
  fs.rmSync(TMP, { recursive: true, force: true });
  fs.mkdirSync(TMP, { recursive: true });
  const t0 = performance.now();
  const listener = makeListenerCertificate();
  startParts(listener, await appDatabase());
  const [app] = started.filter((p) => p.name === 'app');
  await waitForHttp(`${APP}/api/health/ready`, { process: app, timeoutMs: 180_000 });
  log(`app ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { portalId } = await businessWithDomains();
  startCaddy(listener.ca);
  await waitForHttp(`http://127.0.0.1:${PORTS.caddyAdmin}/config/`, { process: started.at(-1), timeoutMs: 30_000 });
  const root = await pebbleRoot(listener.ca);
  await expectNoCertificate(root);
  await expectCertificate(root, portalId);
  await expectRedirect();
  log(`passed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

main()
  .catch((err: unknown) => {
    console.error(`test:domains  FAILED: ${(err as Error).message}\n  logs in ${TMP}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const p of started.reverse()) await stopProcess(p, 'SIGTERM', 5_000);
  });
