import twilio from 'twilio';
import type { Env } from '../../env';

const TIMEOUT_MS = 15_000;

/**
 * Why a text did not go: this number for good ('recipient'), the number replied STOP ('opted_out'), too many at once
 * ('busy': try this one later), or no text can go now ('down': Twilio unreachable or failing, the account refused).
 */
export type SmsFailureKind = 'recipient' | 'opted_out' | 'busy' | 'down';

export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly kind: SmsFailureKind,
    /** Twilio's error code, when it gave one (21610: the number replied STOP). */
    readonly code: number | null,
  ) {
    super(message);
  }
}

export interface SmsSender {
  /** The sender: a phone number or a Messaging Service SID. */
  readonly from: string;
  /** Hands one text to Twilio; resolves with its Message SID and first status ('queued', 'accepted'...). */
  send(input: { to: string; body: string; statusCallback?: string }): Promise<{ sid: string; status: string }>;
  /** Whether a webhook request is Twilio's: its X-Twilio-Signature over the full URL and the form's fields. */
  validSignature(signature: string | undefined, url: string, params: Record<string, string>): boolean;
}

export type TwilioSettings = Pick<Env, 'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_API_BASE_URL'>;

/** The TWILIO_* variables missing for texts to work (none: texts can go). */
export function missingTwilioSettings(env: TwilioSettings): string[] {
  return (['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const).filter((name) => !env[name]);
}

/**
 * The package's HTTP client with every request's origin moved to `baseUrl` (the package has no base URL option: its
 * region and edge settings only rename the twilio.com host, so a custom `httpClient` is the way to reach a stand-in).
 * Any origin is moved, not only api.twilio.com: the package reads TWILIO_REGION and TWILIO_EDGE from the process's
 * environment by itself and would otherwise turn the host into api.{edge}.{region}.twilio.com, past the configured
 * base URL. Paths, query, Basic auth and the form body are the package's own.
 */
function redirectedHttpClient(baseUrl: string): twilio.RequestClient {
  const inner = new twilio.RequestClient({ timeout: TIMEOUT_MS, keepAlive: true });
  const target = baseUrl.replace(/\/+$/, '');
  const redirected = Object.create(inner) as twilio.RequestClient;
  redirected.request = (opts) => {
    const uri = new URL(opts.uri);
    return inner.request({ ...opts, uri: target + uri.pathname + uri.search });
  };
  return redirected;
}

interface RestError {
  status?: number;
  code?: number;
  message?: string;
}

/** Twilio's error codes that refuse this number for good (not a valid or textable number, not allowed there). */
const RECIPIENT_CODES = new Set([21211, 21214, 21408, 21612, 21614, 21635]);
const OPTED_OUT_CODE = 21610;

function sendError(err: unknown): SmsSendError {
  const e = err as RestError & { response?: unknown; code?: unknown };
  const status = typeof e.status === 'number' ? e.status : null;
  const code = typeof e.code === 'number' ? e.code : null;
  const message = (e.message ?? String(err)).slice(0, 300);
  if (status === null) return new SmsSendError(`Twilio could not be reached: ${message}`, 'down', null);
  if (code === OPTED_OUT_CODE) return new SmsSendError(message, 'opted_out', code);
  if (status === 401 || status === 403) return new SmsSendError(`Twilio refused the account (${status}): ${message}`, 'down', code);
  if (status === 429) return new SmsSendError(`Twilio answered 429: ${message}`, 'busy', code);
  if (status >= 500) return new SmsSendError(`Twilio answered ${status}: ${message}`, 'down', code);
  if (code !== null && RECIPIENT_CODES.has(code)) return new SmsSendError(message, 'recipient', code);
  return new SmsSendError(`Twilio refused the text (${status}${code ? `, error ${code}` : ''}): ${message}`, 'recipient', code);
}

const senders = new Map<string, SmsSender>();

/**
 * Texts through Twilio's Messages API with the `twilio` package, or null when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and
 * TWILIO_FROM are not all set (then nothing pretends to send). TWILIO_API_BASE_URL points it elsewhere (tests). The
 * auth token is never logged: errors carry Twilio's message only.
 */
export function twilioSender(env: TwilioSettings): SmsSender | null {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token, TWILIO_FROM: from } = env;
  if (!sid || !token || !from) return null;
  const id = `${sid} ${from} ${env.TWILIO_API_BASE_URL ?? ''}`;
  const known = senders.get(id);
  if (known) return known;
  const client = twilio(sid, token, { httpClient: env.TWILIO_API_BASE_URL ? redirectedHttpClient(env.TWILIO_API_BASE_URL) : undefined, timeout: TIMEOUT_MS });
  const sender: SmsSender = {
    from,
    async send({ to, body, statusCallback }) {
      const sending = from.startsWith('MG') ? { messagingServiceSid: from } : { from };
      try {
        const message = await client.messages.create({ to, body, ...sending, ...(statusCallback ? { statusCallback } : {}) });
        return { sid: message.sid, status: message.status };
      } catch (err) {
        throw sendError(err);
      }
    },
    validSignature(signature, url, params) {
      return Boolean(signature) && twilio.validateRequest(token, signature!, url, params);
    },
  };
  senders.set(id, sender);
  return sender;
}
