import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';

/** One value of a gauge read at scrape time, with its labels. */
export interface GaugeReading {
  labels?: Record<string, string>;
  value: number;
}

export interface GaugeSpec {
  /** Metric name, `statuslink_` first (e.g. statuslink_outbox_depth). */
  name: string;
  help: string;
  labelNames?: readonly string[];
  /** Reads the value (or one value per label set) when /metrics is scraped. On a failure the gauge reads unknown (NaN, or no series). */
  read: () => number | GaugeReading[] | Promise<number | GaugeReading[]>;
}

/**
 * This instance's Prometheus metrics (GET /metrics, decision 0015): requests by route, portal lookups, syncs, the
 * database pool, Node's own figures, and gauges other parts add for what they keep (queue depths).
 */
export interface AppMetrics {
  readonly registry: Registry;
  /** One answered request: its route pattern (not the URL: ids would make a series per client), status, time. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One portal lookup: how the client was asked for (search, token, session) and what came of it. */
  observeLookup(kind: string, result: string): void;
  /** One sync that ran (not a dry run): its trigger (schedule, manual, upload...), how it ended, how long it took. */
  observeSync(trigger: string, outcome: string, seconds: number): void;
  /** Adds a gauge read at each scrape (a queue depth, the pool). Adding one name twice throws. */
  addGauge(spec: GaugeSpec): void;
}

/** Request durations, in seconds: a lookup takes milliseconds, an import seconds. */
const REQUEST_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SYNC_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export function createMetrics(options: { logger?: Logger; defaultMetrics?: boolean } = {}): AppMetrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'statuslink_http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'statuslink_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const lookups = new Counter({
    name: 'statuslink_portal_lookups_total',
    help: 'Portal lookups by kind (search, token, session) and result (found, verification_sent, not_found, rate_limited, refused, error).',
    labelNames: ['kind', 'result'] as const,
    registers: [registry],
  });
  const syncs = new Counter({
    name: 'statuslink_syncs_total',
    help: 'Syncs and imports run by this instance, by trigger and outcome (ok, held, failed).',
    labelNames: ['trigger', 'outcome'] as const,
    registers: [registry],
  });
  const syncDurations = new Histogram({
    name: 'statuslink_sync_duration_seconds',
    help: 'Time a sync or import took, by trigger and outcome.',
    labelNames: ['trigger', 'outcome'] as const,
    buckets: SYNC_BUCKETS,
    registers: [registry],
  });

  // The labelled children, found once per label set: a lookup costs microseconds, and so would hashing labels.
  const requestChildren = new Map<string, { count: Counter.Internal; time: Histogram.Internal<'method' | 'route'> }>();

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const key = `${method} ${route} ${status}`;
      let child = requestChildren.get(key);
      if (!child) {
        child = { count: requests.labels(method, route, String(status)), time: durations.labels(method, route) };
        requestChildren.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
    observeLookup(kind, result) {
      lookups.labels(kind, result).inc();
    },
    observeSync(trigger, outcome, seconds) {
      syncs.labels(trigger, outcome).inc();
      syncDurations.labels(trigger, outcome).observe(seconds);
    },
    addGauge(spec) {
      new Gauge({
        name: spec.name,
        help: spec.help,
        labelNames: spec.labelNames ?? [],
        registers: [registry],
        async collect() {
          this.reset();
          try {
            const read = await spec.read();
            if (typeof read === 'number') this.set(read);
            else for (const r of read) this.set(r.labels ?? {}, r.value);
          } catch (err) {
            // Unknown, not zero: a label-less gauge reads NaN; one with labels has no series this time.
            if ((spec.labelNames ?? []).length === 0) this.set(Number.NaN);
            options.logger?.warn({ err, metric: spec.name }, 'metrics: could not read a gauge');
          }
        },
      });
    },
  };
}

/** The PostgreSQL pool's use (the embedded database has one connection and no pool). */
export function registerDatabaseGauges(metrics: AppMetrics, database: { poolUse?(): { total: number; idle: number; waiting: number; max: number } }): void {
  const poolUse = database.poolUse?.bind(database);
  if (!poolUse) return;
  metrics.addGauge({
    name: 'statuslink_db_pool_connections',
    help: 'PostgreSQL pool connections of this instance: open (total), idle, requests waiting for one, and the most it opens (max).',
    labelNames: ['state'],
    read: () => {
      const use = poolUse();
      return (['total', 'idle', 'waiting', 'max'] as const).map((state) => ({ labels: { state }, value: use[state] }));
    },
  });
}
