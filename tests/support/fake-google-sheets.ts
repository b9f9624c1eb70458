import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake Google answers for one sheet (per tab when `gid` is set). */
export type FakeSheet =
  | { kind: 'csv'; body: string | Buffer; contentType?: string }
  /** A private sheet: Google redirects to its sign-in page, which is HTML. */
  | { kind: 'private' }
  /** A 200 answer with an HTML page (as when the redirect is followed by someone else). */
  | { kind: 'html' }
  | { kind: 'status'; status: number }
  /** Sends the first bytes, then nothing for `ms` milliseconds. */
  | { kind: 'slow'; ms: number }
  /** An endless stream of CSV rows (no content-length). */
  | { kind: 'endless' }
  /** Redirects to another origin. */
  | { kind: 'redirect'; location: string };

export interface FakeGoogleSheets {
  baseUrl: string;
  set(sheetId: string, sheet: FakeSheet, gid?: string): void;
  /** Every request path and query received, in order. */
  requests: string[];
  close(): Promise<void>;
}

const SIGN_IN_PAGE = '<!DOCTYPE html><html><head><title>Sign in - Google Accounts</title></head><body>Sign in</body></html>';

/** A local HTTP server that plays Google Sheets' CSV export (GOOGLE_SHEETS_BASE_URL points at it in tests). */
export async function startFakeGoogleSheets(): Promise<FakeGoogleSheets> {
  const sheets = new Map<string, FakeSheet>();
  const requests: string[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    if (url.pathname === '/ServiceLogin') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGN_IN_PAGE);
      return;
    }
    const m = /^\/spreadsheets\/d\/([^/]+)\/export$/.exec(url.pathname);
    const gid = url.searchParams.get('gid');
    const sheet = m ? (sheets.get(`${decodeURIComponent(m[1]!)}#${gid ?? ''}`) ?? sheets.get(`${decodeURIComponent(m[1]!)}#`)) : undefined;
    if (!sheet || url.searchParams.get('format') !== 'csv') {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      return;
    }
    switch (sheet.kind) {
      case 'csv':
        res.writeHead(200, { 'content-type': sheet.contentType ?? 'text/csv; charset=utf-8' }).end(sheet.body);
        return;
      case 'private':
        res.writeHead(302, { location: `/ServiceLogin?continue=${encodeURIComponent(req.url ?? '')}` }).end();
        return;
      case 'html':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SIGN_IN_PAGE);
        return;
      case 'status':
        res.writeHead(sheet.status, { 'content-type': 'text/html' }).end('<html><body>Error</body></html>');
        return;
      case 'slow': {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write('Client ID,Client Name,Email Address,Status\n');
        const t = setTimeout(() => res.end('C1,Ann,ann@example.com,Pending\n'), sheet.ms);
        res.on('close', () => clearTimeout(t));
        return;
      }
      case 'endless': {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write('Client ID,Client Name,Email Address,Status\n');
        const chunk = 'C1,Somebody With A Long Name,someone@example.com,Pending\n'.repeat(2000);
        const pump = () => {
          while (res.write(chunk)) {
            /* keep writing until the socket pushes back */
          }
        };
        res.on('drain', pump);
        pump();
        return;
      }
      case 'redirect':
        res.writeHead(302, { location: sheet.location }).end();
        return;
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    set(sheetId, sheet, gid) {
      sheets.set(`${sheetId}#${gid ?? ''}`, sheet);
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
