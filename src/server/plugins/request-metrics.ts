import type { FastifyInstance } from 'fastify';

/** Response times of the API, kept in memory for the back office's System Health (median over the last hour). */
export interface RequestTimings {
  record(durationMs: number, at?: number): void;
  /** Median duration in ms of the requests within the window, or null when there were none. */
  median(windowMs?: number, now?: number): number | null;
  count(windowMs?: number, now?: number): number;
}

const HOUR = 3_600_000;

export function createRequestTimings(capacity = 20_000): RequestTimings {
  const at = new Float64Array(capacity);
  const ms = new Float64Array(capacity);
  let next = 0;
  let size = 0;
  const within = (windowMs: number, now: number) => {
    const out: number[] = [];
    const from = now - windowMs;
    for (let i = 0; i < size; i += 1) if (at[i]! >= from) out.push(ms[i]!);
    return out;
  };
  return {
    record(durationMs, when = Date.now()) {
      at[next] = when;
      ms[next] = durationMs;
      next = (next + 1) % capacity;
      size = Math.min(size + 1, capacity);
    },
    median(windowMs = HOUR, now = Date.now()) {
      const values = within(windowMs, now).sort((a, b) => a - b);
      if (values.length === 0) return null;
      const mid = values.length >> 1;
      return values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
    },
    count(windowMs = HOUR, now = Date.now()) {
      return within(windowMs, now).length;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    requestTimings: RequestTimings;
  }
}

/**
 * The route label of a request for /metrics: its pattern for the API and /metrics (ids stay out, so one series per
 * route), 'web' for the web app's files and pages, 'unmatched' for a 404 of no route.
 */
function routeLabel(route: string | undefined): string {
  if (route === undefined) return 'unmatched';
  return route.startsWith('/api/') || route === '/metrics' ? route : 'web';
}

/**
 * Times every response: counted by route and status with its duration for /metrics (ctx.metrics), and, for the
 * API but not the health probes, kept for the back office's System Health.
 */
export function registerRequestMetrics(app: FastifyInstance) {
  app.decorate('requestTimings', createRequestTimings());
  app.addHook('onResponse', (req, reply, done) => {
    const url = req.url;
    app.ctx.metrics.observeRequest(req.method, routeLabel(req.routeOptions.url), reply.statusCode, reply.elapsedTime / 1000);
    if (url.startsWith('/api/') && !url.startsWith('/api/health')) app.requestTimings.record(reply.elapsedTime);
    done();
  });
}
