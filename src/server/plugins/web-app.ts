import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { projectPath } from '../lib/project-root';

export const webDist = projectPath('dist/web');

/** Folder (inside the web build) of the pre-rendered public pages, written by scripts/prerender.mjs. */
export const PAGES_DIR = '_pages';
/** Stands for the public address in pre-rendered HTML (canonical and og:url); replaced by APP_URL here. */
export const APP_URL_PLACEHOLDER = '__STATUSLINK_APP_URL__';

interface PageManifest {
  pages: { path: string; file: string; canonical?: string; sitemap: boolean }[];
}

interface ServedPage {
  html: Buffer;
  /** Compressed on first request, in the thread pool, then kept (brotli at its best level took 3 s of each start). */
  compressed: { br?: Promise<Buffer>; gzip?: Promise<Buffer> };
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzipCompress = promisify(zlib.gzip);

function compressedPage(page: ServedPage, encoding: 'br' | 'gzip'): Promise<Buffer> {
  page.compressed[encoding] ??=
    encoding === 'br' ? brotliCompress(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipCompress(page.html);
  return page.compressed[encoding];
}

/** The pre-rendered pages by path, with APP_URL filled in (compressed when first asked for). */
function loadPages(root: string, appUrl: string): { pages: Map<string, ServedPage>; sitemap: string[] } {
  const manifestFile = path.join(root, PAGES_DIR, 'manifest.json');
  const pages = new Map<string, ServedPage>();
  if (!fs.existsSync(manifestFile)) return { pages, sitemap: [] };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as PageManifest;
  for (const page of manifest.pages) {
    const text = fs.readFileSync(path.join(root, PAGES_DIR, page.file), 'utf8').replaceAll(APP_URL_PLACEHOLDER, appUrl);
    pages.set(page.path, { html: Buffer.from(text), compressed: {} });
  }
  return { pages, sitemap: manifest.pages.filter((p) => p.sitemap).map((p) => p.path) };
}

async function sendPage(req: FastifyRequest, reply: FastifyReply, page: ServedPage) {
  const accept = String(req.headers['accept-encoding'] ?? '');
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(await compressedPage(page, 'br'));
  if (/\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(await compressedPage(page, 'gzip'));
  return reply.send(page.html);
}

/** Name of the meta tag that tells the portal page which portal it shows on a custom domain (served at /). */
export const PORTAL_ID_META = 'statuslink-portal';

/** The portal page for a custom domain: the portal's id in a meta tag (its address is just /), no Referer. */
function sendDomainPortal(reply: FastifyReply, html: string, portalId: string) {
  const page = html.replace('<head>', `<head>\n    <meta name="${PORTAL_ID_META}" content="${portalId.replace(/[^A-Za-z0-9_-]/g, '')}" />`);
  return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('referrer-policy', 'no-referrer').send(page);
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/**
 * Serves the built React app: hashed assets with a long cache (pre-compressed .br/.gz when the build wrote
 * them), each public page as pre-rendered HTML when the build has it, /robots.txt and /sitemap.xml, and
 * index.html for every other non-API path so deep links work. Without a build (tests, `npm run dev`) only the
 * API is served.
 */
export async function registerWebApp(app: FastifyInstance, root = webDist) {
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No web build at ${root}: run "npm run build" to serve the web app.`);
    return;
  }
  const appUrl = app.ctx.env.APP_URL;
  const { pages, sitemap } = loadPages(root, appUrl);
  if (pages.size === 0) app.log.warn('The web build has no pre-rendered pages: run "npm run build" to add them.');

  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathName) => !pathName.startsWith(`/${PAGES_DIR}/`),
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      else res.header('cache-control', 'no-cache');
    },
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /app',
      'Disallow: /admin',
      'Disallow: /api',
      'Disallow: /portal/',
      '',
      `Sitemap: ${appUrl}/sitemap.xml`,
      '',
    ];
    return reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const urls = sitemap.map((p) => `  <url><loc>${escapeXml(`${appUrl}${p === '/' ? '/' : p}`)}</loc></url>`);
    const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
    return reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  const portalEntry = fs.existsSync(path.join(root, 'portal.html')); // public client portal (issue 5)
  let portalHtml: string | undefined;
  const portalPage = () => (portalHtml ??= fs.readFileSync(path.join(root, 'portal.html'), 'utf8'));
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.url.split('?')[0]!);
    } catch {
      urlPath = '/';
    }
    if (urlPath.startsWith('/api/')) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No such endpoint: GET ${urlPath}` } });
    }
    // A verified custom domain serves its portal's page at / (plugins/custom-domain-hosts.ts lets nothing else here).
    if (req.customDomain && portalEntry) return sendDomainPortal(reply, portalPage(), req.customDomain.portalId);
    const pagePath = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    const page = pages.get(pagePath);
    if (page) return sendPage(req, reply, page);
    const candidate = path.join(root, path.normalize(urlPath));
    if (
      candidate.startsWith(root) &&
      urlPath !== '/' &&
      !urlPath.startsWith(`/${PAGES_DIR}/`) &&
      fs.existsSync(candidate) &&
      fs.statSync(candidate).isFile()
    ) {
      return reply.sendFile(path.relative(root, candidate));
    }
    // --- Public client portal (issue 5): /portal/{portalId} gets the portal's own small entry, portal.html. Its
    // access links carry a token in the URL, so no Referer either. ---
    if (portalEntry && /^\/portal\/[^/]+\/?$/.test(urlPath)) {
      return reply.header('cache-control', 'no-cache').header('referrer-policy', 'no-referrer').sendFile('portal.html');
    }
    // The reset page carries a token in its URL: never leak it through Referer.
    if (urlPath === '/reset-password') reply.header('referrer-policy', 'no-referrer');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
