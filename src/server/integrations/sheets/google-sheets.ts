import { messages } from '@core/messages';
import { sheetGidSchema, sheetIdSchema } from '@core/validation/sheet-url';
import { SheetFetchError, type SheetSource } from './sheet-source';

export interface GoogleSheetsOptions {
  /** GOOGLE_SHEETS_BASE_URL: the only host sheets are fetched from. */
  baseUrl: string;
  timeoutMs: number;
  maxBytes: number;
  /** For tests; the global fetch by default. */
  fetch?: typeof fetch;
}

const MAX_REDIRECTS = 5;
const HTML_START = /^\s*<(?:!doctype\s+html|html|head|body|\?xml)/i;

/** The export address of a tab, built only from the configured base and a validated id and gid. */
export function sheetExportUrl(baseUrl: string, sheetId: string, gid: string | null): URL {
  const id = sheetIdSchema.parse(sheetId);
  const url = new URL(`/spreadsheets/d/${encodeURIComponent(id)}/export`, baseUrl);
  url.searchParams.set('format', 'csv');
  if (gid !== null) url.searchParams.set('gid', sheetGidSchema.parse(gid));
  return url;
}

const accessFailed = (failure: 'private' | 'not_csv' | 'too_large' | 'timeout' | 'unreachable', reason: string) =>
  new SheetFetchError(failure, messages.sheets.accessFailed(reason));

/** GETs `url`, following redirects the source allows (another one, or too many, means the sheet is private). */
async function fetchFollowing(doFetch: typeof fetch, start: URL, signal: AbortSignal, allowedRedirect: (url: URL) => boolean): Promise<Response> {
  let url = start;
  let response: Response | undefined;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    response = await doFetch(url, { redirect: 'manual', signal, headers: { accept: 'text/csv, text/plain;q=0.5' } });
    if (response.status < 300 || response.status >= 400) break;
    await response.body?.cancel().catch(() => {});
    const location = response.headers.get('location');
    const next = location ? new URL(location, url) : null;
    if (!next || !allowedRedirect(next) || hop === MAX_REDIRECTS) throw accessFailed('private', messages.sync.sheetPrivate);
    url = next;
  }
  if (!response) throw accessFailed('unreachable', messages.sync.sheetUnreachable);
  return response;
}

/** Why a response is refused before its body is read (status, a type that is no CSV, a declared size over the cap), or null. */
function refusalOf(response: Response, maxBytes: number, maxMb: number): SheetFetchError | null {
  if (!response.ok) {
    const failure = response.status === 404 || response.status === 410 ? 'not_found' : 'http';
    return new SheetFetchError(failure, messages.sheets.fetchFailed(response.status), response.status);
  }
  const type = (response.headers.get('content-type') ?? '').toLowerCase();
  if (type.includes('html') || type.includes('xml')) return accessFailed('private', messages.sync.sheetPrivate);
  if (type.includes('json') || type.startsWith('image/') || type.startsWith('video/') || type.startsWith('audio/')) {
    return accessFailed('not_csv', messages.sync.sheetNotCsv);
  }
  const declared = Number(response.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) return accessFailed('too_large', messages.sync.sheetTooLarge(maxMb));
  return null;
}

/** A body that is a sign-in page (HTML) or binary is refused, whatever its declared type. */
function checkBody(bytes: Buffer): Buffer {
  const head = bytes.subarray(0, 4096);
  if (HTML_START.test(head.toString('utf8'))) throw accessFailed('private', messages.sync.sheetPrivate);
  if (head.includes(0)) throw accessFailed('not_csv', messages.sync.sheetNotCsv);
  return bytes;
}

/**
 * The Google Sheets source: GET {base}/spreadsheets/d/{id}/export?format=csv[&gid=], with a time-out over the
 * whole exchange, a size cap counted while streaming, and redirects followed only to the same origin or Google's
 * download host (a redirect to the sign-in page means the sheet is private). HTML is refused: a private sheet
 * answers with a sign-in page. No address given by a user is ever fetched as given (security 21, 22).
 */
export function createGoogleSheetsSource(options: GoogleSheetsOptions): SheetSource {
  const doFetch = options.fetch ?? fetch;
  const base = new URL(options.baseUrl);
  const isGoogle = base.hostname === 'docs.google.com';
  const maxMb = Math.round(options.maxBytes / (1024 * 1024));

  const allowedRedirect = (url: URL) =>
    url.origin === base.origin || (isGoogle && url.protocol === 'https:' && url.hostname.endsWith('.googleusercontent.com'));

  return {
    async fetchCsv(sheetId, gid) {
      const url = sheetExportUrl(options.baseUrl, sheetId, gid);
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        const response = await fetchFollowing(doFetch, url, signal, allowedRedirect);
        const refusal = refusalOf(response, options.maxBytes, maxMb);
        if (refusal) {
          await response.body?.cancel().catch(() => {});
          throw refusal;
        }
        return checkBody(await readCapped(response, options.maxBytes, () => accessFailed('too_large', messages.sync.sheetTooLarge(maxMb))));
      } catch (err) {
        if (err instanceof SheetFetchError) throw err;
        if (signal.aborted) throw accessFailed('timeout', messages.sync.sheetTimeout(Math.round(options.timeoutMs / 1000)));
        throw accessFailed('unreachable', messages.sync.sheetUnreachable);
      }
    },
  };
}

/** Reads a body, stopping (and cancelling the download) as soon as it passes maxBytes. */
async function readCapped(response: Response, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

const sources = new Map<string, SheetSource>();

/** The source for the app's settings (one per base address, time-out and cap). */
export function sheetSourceFor(env: { GOOGLE_SHEETS_BASE_URL: string; SHEETS_FETCH_TIMEOUT_SECONDS: number; SHEETS_MAX_MB: number }): SheetSource {
  const key = `${env.GOOGLE_SHEETS_BASE_URL}|${env.SHEETS_FETCH_TIMEOUT_SECONDS}|${env.SHEETS_MAX_MB}`;
  let source = sources.get(key);
  if (!source) {
    source = createGoogleSheetsSource({
      baseUrl: env.GOOGLE_SHEETS_BASE_URL,
      timeoutMs: env.SHEETS_FETCH_TIMEOUT_SECONDS * 1000,
      maxBytes: env.SHEETS_MAX_MB * 1024 * 1024,
    });
    sources.set(key, source);
  }
  return source;
}
