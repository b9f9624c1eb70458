import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import twilio from 'twilio';

// A local stand-in for Twilio's Messages API (Twilio is not reachable from here): `POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP Basic auth (Account SID and auth token) and a form body,
// answered with Twilio's documented shapes: 201 and the Message resource, or an error `{ code, message, more_info,
// status }`. Webhooks to the app are signed as Twilio signs them (`twilio.getExpectedTwilioSignature`).

export const TEST_TWILIO = {
  accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
  authToken: 'twilio-test-auth-token-0123456789',
  from: '+15005550006',
};

export interface SentText {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
}

/** A Twilio error answer: HTTP status, Twilio's code and message. */
export interface TwilioError {
  status: number;
  code: number;
  message: string;
}

export interface TwilioStandIn {
  /** What TWILIO_API_BASE_URL is set to. */
  baseUrl: string;
  /** The texts accepted, in order. */
  sent: SentText[];
  /** Every request, `METHOD path` (with its Basic auth checked). */
  requests: string[];
  /** Answers the next creates with an error (returns null to accept). */
  onCreate: (form: URLSearchParams) => TwilioError | null;
  /** The environment the app needs to text through this stand-in. */
  env(): Record<string, string>;
  /** The X-Twilio-Signature of a webhook to `url` with these form fields. */
  sign(url: string, params: Record<string, string>): string;
  close(): Promise<void>;
}

function messageResource(sid: string, form: URLSearchParams, accountSid: string) {
  const now = new Date().toUTCString();
  return {
    account_sid: accountSid,
    api_version: '2010-04-01',
    body: form.get('Body'),
    date_created: now,
    date_sent: null,
    date_updated: now,
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: form.get('From'),
    messaging_service_sid: form.get('MessagingServiceSid'),
    num_media: '0',
    num_segments: '1',
    price: null,
    price_unit: 'USD',
    sid,
    status: 'queued',
    subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
    to: form.get('To'),
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
  };
}

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const { accountSid, authToken } = TEST_TWILIO;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const standIn: Omit<TwilioStandIn, 'baseUrl' | 'close'> = {
    sent: [],
    requests: [],
    onCreate: () => null,
    env: () => ({ TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: TEST_TWILIO.from, TWILIO_API_BASE_URL: baseUrl }),
    sign: (url, params) => twilio.getExpectedTwilioSignature(authToken, url, params),
  };
  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, e: TwilioError) => answer(res, e.status, { code: e.code, message: e.message, more_info: `https://www.twilio.com/docs/errors/${e.code}`, status: e.status });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      standIn.requests.push(`${req.method} ${path}`);
      if (req.headers.authorization !== expectedAuth) return error(res, { status: 401, code: 20003, message: 'Authenticate' });
      if (req.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return error(res, { status: 404, code: 20404, message: `The requested resource ${path} was not found` });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const refused = standIn.onCreate(form);
      if (refused) return error(res, refused);
      const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
      standIn.sent.push({ sid, to: form.get('To') ?? '', from: form.get('From') ?? '', body: form.get('Body') ?? '', statusCallback: form.get('StatusCallback') });
      answer(res, 201, messageResource(sid, form, accountSid));
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(standIn, {
    baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
}
