import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: a status, headers and body, or not at all (it hangs). */
export type ReceiverAnswer = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

/**
 * A real HTTP server standing in for a business's webhook endpoint: it records every request and answers from a
 * queue of planned answers (then 200 "ok"). Listens on 127.0.0.1 (`port`: one of the suite's block, or any).
 */
export async function startWebhookReceiver(port = 0) {
  const received: ReceivedWebhook[] = [];
  const planned: ReceiverAnswer[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = planned.shift() ?? { status: 200, body: 'ok' };
      if (answer === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** Answers the next requests this way, in order. */
    plan(...answers: ReceiverAnswer[]) {
      planned.push(...answers);
    },
    /** Forgets what was received and planned. */
    reset() {
      received.length = 0;
      planned.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
