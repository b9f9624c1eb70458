// Three app instances as a real service: the built server (`dist/server/main.js`) started three times on one
// PostgreSQL database (reached through a TCP proxy, so a test can cut it off) and one Redis of its own, behind Caddy
// (Debian's package) as the load balancer: round robin, an active health check on /api/health/ready, and retries of
// a request whose instance refused the connection. Used by `npm run test:cluster` and `npm run bench cluster`.
// Each answer names the instance that served it (`X-Served-By`, its port), so a test can tell when the balancer has
// an instance back in rotation.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureBuilt, freePort, portInUse, startProcess, stopProcess, waitForHttp, type Started } from './processes';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

export const CADDY = process.env.CADDY_PATH ?? '/usr/bin/caddy';
export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
const PG_BASE = process.env.CLUSTER_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const root = path.resolve(import.meta.dirname, '../..');

export interface ClusterOptions {
  /** Name of the database created (dropped first) for the run. */
  database: string;
  instances?: number;
  /** Extra environment for every instance (SMTP_URL, GOOGLE_SHEETS_BASE_URL...). */
  env?: Record<string, string>;
}

export interface Instance {
  index: number;
  port: number;
  url: string;
  process?: Started;
}

export interface Cluster {
  /** The balancer's address: what clients use. */
  url: string;
  instances: Instance[];
  databaseUrl: string;
  postgresProxy: TcpProxy;
  dir: string;
  startInstance(i: number): Promise<void>;
  stopInstance(i: number, signal?: NodeJS.Signals): Promise<number | string>;
  restartRedis(): Promise<void>;
  /** A query on the cluster's database, straight (not through the proxy). */
  sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

function caddyfile(balancerPort: number, upstreams: Instance[]): string {
  return `{
	admin off
	auto_https off
}

http://127.0.0.1:${balancerPort} {
	reverse_proxy ${upstreams.map((u) => `127.0.0.1:${u.port}`).join(' ')} {
		trusted_proxies 127.0.0.1/32
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 100ms
		fail_duration 10s
		health_uri /api/health/ready
		health_interval 1s
		health_timeout 2s
		header_down X-Served-By {http.reverse_proxy.upstream.port}
	}
	# No instance ready (all failing their health check, or none reachable): a clear answer in the app's error shape.
	handle_errors {
		header Content-Type application/json
		header Retry-After 5
		respond \`{"error":{"code":"service_unavailable","message":"StatusLink cannot answer right now. Please try again in a moment."}}\` 503
	}
}
`;
}

async function recreateDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return `${PG_BASE}/${name}`;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  ensureBuilt(root);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statuslink-cluster-'));
  const databaseUrl = await recreateDatabase(options.database);
  const pgUrl = new URL(databaseUrl);
  const postgresProxy = await startTcpProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
  const proxiedUrl = `postgres://postgres@127.0.0.1:${postgresProxy.port}/${options.database}`;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

  const redisPort = await freePort();
  let redis: Started | undefined;
  const startRedis = async () => {
    redis = startProcess('redis', REDIS_SERVER, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      log: path.join(dir, 'redis.log'),
    });
    await waitForPort(redisPort);
  };
  await startRedis();

  const secret = crypto.randomBytes(32).toString('hex');
  const balancerPort = await freePort();
  const url = `http://127.0.0.1:${balancerPort}`;
  const instances: Instance[] = [];
  for (let i = 0; i < (options.instances ?? 3); i += 1) {
    const port = await freePort();
    instances.push({ index: i, port, url: `http://127.0.0.1:${port}` });
  }

  const startInstance = async (i: number) => {
    const instance = instances[i]!;
    instance.process = startProcess(`instance ${i + 1}`, process.execPath, ['--max-semi-space-size=4', 'dist/server/main.js'], {
      cwd: root,
      log: path.join(dir, `instance-${i + 1}.log`),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(instance.port),
        HOST: '127.0.0.1',
        APP_URL: url,
        DATABASE_URL: proxiedUrl,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        BETTER_AUTH_SECRET: secret,
        DATA_DIR: path.join(dir, `data-${i + 1}`),
        TRUST_PROXY: 'loopback',
        SHUTDOWN_DRAIN_SECONDS: '3',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
    });
    await waitForHttp(`${instance.url}/api/health/ready`, { timeoutMs: 90_000, intervalMs: 100, process: instance.process });
  };

  const stopAll = async () => {
    await Promise.all(instances.map((inst) => (inst.process ? stopProcess(inst.process, 'SIGINT') : undefined)));
    if (redis) await stopProcess(redis, 'SIGKILL');
    await pool.end();
    await postgresProxy.close();
  };
  let caddy: Started;
  try {
    // The first instance migrates the new database alone; the other two start together.
    await startInstance(0);
    await Promise.all(instances.slice(1).map((_, i) => startInstance(i + 1)));
    caddy = await startBalancer(dir, balancerPort, instances);
  } catch (err) {
    await stopAll();
    throw err;
  }

  return {
    url,
    instances,
    databaseUrl,
    postgresProxy,
    dir,
    startInstance,
    stopInstance: (i, signal = 'SIGTERM') => stopProcess(instances[i]!.process!, signal),
    async restartRedis() {
      if (redis) await stopProcess(redis, 'SIGKILL');
      await startRedis();
    },
    sql: async (text, values) => (await pool.query(text, values)).rows,
    async close() {
      await stopProcess(caddy, 'SIGTERM', 5_000);
      await stopAll();
    },
  };
}

/** Caddy with a Caddyfile written for these instances; resolves once it answers through to a ready instance. */
async function startBalancer(dir: string, port: number, instances: Instance[]): Promise<Started> {
  const file = path.join(dir, 'Caddyfile');
  fs.writeFileSync(file, caddyfile(port, instances));
  const caddy = startProcess('caddy', CADDY, ['run', '--config', file, '--adapter', 'caddyfile'], {
    log: path.join(dir, 'caddy.log'),
    env: { PATH: process.env.PATH, HOME: dir, XDG_DATA_HOME: path.join(dir, 'xdg-data'), XDG_CONFIG_HOME: path.join(dir, 'xdg-config') },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health/ready`, { timeoutMs: 30_000, process: caddy });
  } catch (err) {
    await stopProcess(caddy, 'SIGKILL');
    throw err;
  }
  return caddy;
}

async function waitForPort(port: number): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await portInUse(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`nothing listens on port ${port}`);
}
