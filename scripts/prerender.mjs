// Pre-renders every public page to static HTML after the client build (`npm run build` = vite build + this).
// 1. Builds src/web/prerender.tsx for Node (Vite SSR build, into .tmp/prerender).
// 2. Renders each page of src/web/content/site-map.ts into dist/web/index.html's shell: the page's markup in
//    #root, its title, description and social tags in <head>, the canonical URL (with a placeholder the server
//    replaces by APP_URL) and modulepreload hints for the page's lazy chunk, so no request waits on another.
// 3. Writes dist/web/_pages/<path>/index.html and a manifest that src/server/plugins/web-app.ts serves from.
// 4. Pre-compresses the built assets (.br and .gz beside each file) for @fastify/static's preCompressed.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/web');
const pagesDir = path.join(dist, '_pages');
const ssrOut = path.join(root, '.tmp/prerender');
const APP_URL = '__STATUSLINK_APP_URL__';

const started = Date.now();
await build({
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: path.join(root, 'src/web/prerender.tsx'),
    outDir: ssrOut,
    emptyOutDir: true,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'prerender.mjs', chunkFileNames: '[name]-[hash].mjs' } },
  },
});
const { render, prerenderPaths } = await import(pathToFileURL(path.join(ssrOut, 'prerender.mjs')).href);

const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const assets = fs.readdirSync(path.join(dist, 'assets'));
const entry = assets.find((f) => /^index-[\w-]+\.js$/.test(f));

/** A built chunk and every chunk it imports statically (they would otherwise load one after another). */
function chunkWithDeps(prefix) {
  const file = assets.find((f) => f.startsWith(prefix) && /^[\w-]+\.js$/.test(f) && /^[\w-]+-[\w-]{8}\.js$/.test(f));
  if (!file) throw new Error(`No built chunk starting with ${prefix}`);
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name) || name === entry) return;
    seen.add(name);
    const code = fs.readFileSync(path.join(dist, 'assets', name), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) visit(m[1]);
  };
  visit(file);
  return [...seen];
}
const marketingChunks = chunkWithDeps('marketing-chunk-');
const contentChunks = chunkWithDeps('marketing-content-chunk-');
/** Pages whose components are in the main marketing chunk; the others also need the content chunk. */
const MAIN_CHUNK_PAGE = /^\/(?:pricing|features|contact|resources(?:\/[^/]+)?|coming-soon\/[^/]+)?$/;

const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function pageHtml(page, rendered) {
  const chunks = MAIN_CHUNK_PAGE.test(page.path) ? marketingChunks : [...new Set([...marketingChunks, ...contentChunks])];
  const canonical = `${APP_URL}${page.canonical ?? page.path}`;
  const head = [
    rendered.head,
    `<link rel="canonical" href="${escapeAttr(canonical)}"/>`,
    `<meta property="og:url" content="${escapeAttr(canonical)}"/>`,
    ...chunks.map((c) => `<link rel="modulepreload" crossorigin href="/assets/${c}"/>`),
  ].join('');
  let html = template
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `${head}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>`);
  if (!html.includes(rendered.html)) throw new Error('index.html has no empty <div id="root"></div>');
  html = html.replace(/\n\s*\n/g, '\n');
  return html;
}

fs.rmSync(pagesDir, { recursive: true, force: true });
const manifest = { pages: [] };
for (const page of prerenderPaths) {
  const rendered = await render(page.path);
  if (rendered.status !== 200) throw new Error(`${page.path} rendered with status ${rendered.status}`);
  if (!/<h1[\s>]/.test(rendered.html)) throw new Error(`${page.path} has no <h1>: did it render its content?`);
  if (!rendered.head.includes('<title>')) throw new Error(`${page.path} sets no <title> (use <Seo>)`);
  const file = page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`;
  fs.mkdirSync(path.dirname(path.join(pagesDir, file)), { recursive: true });
  fs.writeFileSync(path.join(pagesDir, file), pageHtml(page, rendered));
  manifest.pages.push({
    path: page.path,
    file,
    ...(page.canonical ? { canonical: page.canonical } : {}),
    sitemap: !page.canonical,
  });
}
fs.writeFileSync(path.join(pagesDir, 'manifest.json'), JSON.stringify(manifest, null, 2));

// Pre-compress the static files once, so the server never compresses per request.
let compressed = 0;
for (const dir of [dist, path.join(dist, 'assets')]) {
  for (const name of fs.readdirSync(dir)) {
    if (!/\.(?:js|css|html|svg|json|txt)$/.test(name)) continue;
    const file = path.join(dir, name);
    const data = fs.readFileSync(file);
    if (data.length < 1024) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
    compressed += 1;
  }
}
console.log(`Pre-rendered ${manifest.pages.length} pages and compressed ${compressed} files in ${Date.now() - started} ms.`);
