// A local HTTP server that plays Google Sheets' CSV export for the browser tests: the app's GOOGLE_SHEETS_BASE_URL
// points here. /spreadsheets/d/{name}/export?format=csv serves tests/fixtures/sheets/{name}.csv; the id
// 'private-sheet' redirects to a sign-in page (HTML), as Google does for a sheet that is not shared.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const fixtures = path.resolve(import.meta.dirname, '../../fixtures/sheets');

export function startSheetsServer(port: number, host = '127.0.0.1'): http.Server {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sheets.invalid');
    if (url.pathname === '/ServiceLogin') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html><body>Sign in - Google Accounts</body></html>');
      return;
    }
    const m = /^\/spreadsheets\/d\/([A-Za-z0-9_-]+)\/export$/.exec(url.pathname);
    if (!m || url.searchParams.get('format') !== 'csv') {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      return;
    }
    const name = m[1]!;
    if (name === 'private-sheet') {
      res.writeHead(302, { location: '/ServiceLogin' }).end();
      return;
    }
    const file = path.join(fixtures, `${name}.csv`);
    if (!fs.existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not found</body></html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' }).end(fs.readFileSync(file));
  });
  server.listen(port, host);
  return server;
}
