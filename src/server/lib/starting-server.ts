import http from 'node:http';
import { messages } from '@core/messages';

export interface StartingServer {
  server: http.Server;
  /** From now on every request goes to `handler` (the app's, given through Fastify's serverFactory). */
  handOver(handler: http.RequestListener): void;
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
};

/**
 * The instance's HTTP server, listening from the first moment of a start. Until the app is built (its database
 * opened, which on the embedded database after an unclean stop, or on a first start, can take many seconds; then
 * migrated) it answers by itself: `/api/health/live` 200, `/api/health` and `/api/health/ready` 503 with the reason,
 * everything else 503 `starting` with Retry-After. `handOver` then passes every request to the app on the same
 * socket, so there is no moment without a listener (decision 0020).
 */
export function createStartingServer(databaseKind: 'pglite' | 'postgres', startedAt = Date.now()): StartingServer {
  const uptimeSeconds = () => Math.round((Date.now() - startedAt) / 1000);
  const starting: http.RequestListener = (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/api/health/live') return json(res, 200, { status: 'ok', uptimeSeconds: uptimeSeconds() });
    if (path === '/api/health') return json(res, 503, { status: 'error', database: 'error', databaseKind, uptimeSeconds: uptimeSeconds(), reason: messages.system.starting });
    if (path === '/api/health/ready') {
      return json(res, 503, { status: 'not_ready', database: 'error', migrations: 'unknown', draining: false, reason: messages.system.starting });
    }
    json(res, 503, { error: { code: 'starting', message: messages.system.starting } }, { 'retry-after': '5' });
  };
  let current = starting;
  const server = http.createServer((req, res) => current(req, res));
  return {
    server,
    handOver(handler) {
      current = handler;
    },
  };
}
