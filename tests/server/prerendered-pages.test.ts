import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_URL_PLACEHOLDER, PAGES_DIR, registerWebApp } from '../../src/server/plugins/web-app';
import { tmpDir } from '../support/test-database';
import { TEST_ORIGIN, useTestApp } from '../support/test-app';

// Pre-rendered public pages (decision 6) are compressed when first asked for, not at start (brotli at its best level
// took 3 s of every start, decision 15): each encoding answers the page with APP_URL filled in, the same each time.

const page = `<!doctype html><title>Pricing</title><link rel="canonical" href="${APP_URL_PLACEHOLDER}/pricing">${'<p>Plans for every business.</p>'.repeat(200)}`;

let root: string;
beforeAll(() => {
  root = tmpDir('web-pages');
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  fs.mkdirSync(path.join(root, PAGES_DIR));
  fs.writeFileSync(path.join(root, PAGES_DIR, 'pricing.html'), page);
  fs.writeFileSync(path.join(root, PAGES_DIR, 'manifest.json'), JSON.stringify({ pages: [{ path: '/pricing', file: 'pricing.html', sitemap: true }] }));
});
const t = useTestApp({}, { beforeReady: (app) => registerWebApp(app, root) });

describe('pre-rendered pages', () => {
  const expected = page.replaceAll(APP_URL_PLACEHOLDER, TEST_ORIGIN);
  const get = (encoding?: string) => t.app.inject({ method: 'GET', url: '/pricing', headers: encoding ? { 'accept-encoding': encoding } : {} });

  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ])('answers %s, compressed, with the address filled in (twice the same)', async (encoding, decompress) => {
    for (let i = 0; i < 2; i += 1) {
      const res = await get(`${encoding}, deflate`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(expected.length / 5);
      expect(decompress(res.rawPayload).toString()).toBe(expected);
    }
  });

  it('answers plain HTML to a client that takes no compression', async () => {
    const res = await get();
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(expected);
  });
});
