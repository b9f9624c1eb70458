import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_EXCERPT_CHARS } from '@core/webhooks';
import { guardedLookup, literalAddressProblem } from './address-guard';

/** One attempt's outcome: the receiver's answer, or why there was none. */
export type WebhookPostResult =
  | { kind: 'answer'; statusCode: number; excerpt: string; retryAfter: string | null; location: string | null; durationMs: number }
  | { kind: 'error'; error: string; durationMs: number };

export interface WebhookPostInput {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Tests and local development only (WEBHOOKS_ALLOW_PRIVATE_ADDRESSES): skip the address guard. */
  allowPrivate: boolean;
}

/** Bytes of an answer read at most (the excerpt needs 500 characters; the rest is dropped). */
const MAX_READ_BYTES = 16 * 1024;
const USER_AGENT = 'StatusLink-Webhooks/1.0 (+https://www.standardwebhooks.com)';

/** A half of a surrogate pair standing alone (a cut at the excerpt's end, or the receiver's own bytes). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The start of an answer as the delivery keeps it: its first characters, with no lone surrogate (replaced by U+FFFD)
 * and no NUL (dropped), which PostgreSQL refuses in text and jsonb alike.
 */
export function answerExcerpt(text: string): string {
  return text.slice(0, WEBHOOK_EXCERPT_CHARS).replace(LONE_SURROGATE, '\uFFFD').replaceAll('\u0000', '');
}

// Keep-alive agents: many deliveries to one receiver reuse connections. A reused socket is already connected to an
// address the guard passed.
const agentOptions = { keepAlive: true, maxSockets: 50, maxFreeSockets: 10, timeout: 30_000 };
const agents = {
  guarded: { http: new http.Agent({ ...agentOptions, lookup: guardedLookup }), https: new https.Agent({ ...agentOptions, lookup: guardedLookup }) },
  open: { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) },
};

function describeError(err: NodeJS.ErrnoException, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `No answer within ${Math.round(timeoutMs / 100) / 10} s`;
  switch (err.code) {
    case 'EBLOCKEDADDRESS':
      return `Not sent: ${err.message}`;
    case 'ECONNREFUSED':
      return 'Connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The host name could not be resolved';
    case 'ECONNRESET':
      return 'The connection was closed before an answer';
    default:
      return err.message || 'The request failed';
  }
}

/**
 * POSTs one webhook: never follows a redirect (a 3xx is the answer), gives up after `timeoutMs` from the start
 * (connect, send and the whole answer), reads at most 16 KB of the answer, and connects only to addresses the guard
 * allows (checked on the resolved address at connect time; IP literals before).
 */
export function postWebhook(input: WebhookPostInput): Promise<WebhookPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return Promise.resolve({ kind: 'error', error: 'The address is not valid', durationMs: 0 });
  }
  if (!input.allowPrivate) {
    const literal = literalAddressProblem(url.hostname);
    if (literal) return Promise.resolve({ kind: 'error', error: `Not sent: ${literal.message}`, durationMs: 0 });
  }
  const secure = url.protocol === 'https:';
  const agent = (input.allowPrivate ? agents.open : agents.guarded)[secure ? 'https' : 'http'];
  const body = Buffer.from(input.body, 'utf8');
  return new Promise((resolve) => {
    let settled = false;
    let timedOut = false;
    const finish = (result: WebhookPostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = (secure ? https : http).request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': String(body.length), 'user-agent': USER_AGENT, ...input.headers },
    });
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error('timed out'));
    }, input.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish({ kind: 'error', error: describeError(err, timedOut, input.timeoutMs), durationMs: elapsed() }));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let read = 0;
      const answer = () => {
        const text = Buffer.concat(chunks).toString('utf8');
        finish({
          kind: 'answer',
          statusCode: res.statusCode ?? 0,
          excerpt: answerExcerpt(text),
          retryAfter: typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : null,
          location: typeof res.headers.location === 'string' ? res.headers.location : null,
          durationMs: elapsed(),
        });
      };
      res.on('data', (chunk: Buffer) => {
        if (read >= MAX_READ_BYTES) return;
        chunks.push(chunk);
        read += chunk.length;
        if (read >= MAX_READ_BYTES) {
          answer();
          res.destroy();
        }
      });
      res.on('end', answer);
      res.on('error', (err: NodeJS.ErrnoException) => (timedOut ? finish({ kind: 'error', error: describeError(err, true, input.timeoutMs), durationMs: elapsed() }) : answer()));
    });
    req.end(body);
  });
}
