// The JavaScript the client portal page (portal.html) loads, and its gzip size: the entry, its preloads and their
// static imports. The budget is issue 5's: at most 80 KB gzip. Used by `npm run bench portal-lookup` (which reports
// it) and by the browser tests (which hold the page to it, on the build they test).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const PORTAL_JS_BUDGET_BYTES = 80_000;

/** @returns {{ files: number, raw: number, gzip: number } | null} null when there is no build */
export function portalPageJs(dist) {
  const htmlFile = path.join(dist, 'portal.html');
  if (!fs.existsSync(htmlFile)) return null;
  const html = fs.readFileSync(htmlFile, 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const seen = new Set();
  let raw = 0;
  let gzip = 0;
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file));
    raw += code.length;
    gzip += zlib.gzipSync(code, { level: 9 }).length;
    for (const m of code.toString('utf8').matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) queue.push(`assets/${m[1]}`);
  }
  return { files: seen.size, raw, gzip };
}
