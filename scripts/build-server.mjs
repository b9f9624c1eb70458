// Compiles the server into dist/server/main.js (one ES module; the packages stay in node_modules), so `npm start`
// runs plain JavaScript: no TypeScript compiler loaded at every start (decision 15). `npm run build` runs it after
// the web build; `npm start` runs it when a server source is newer than the build (scripts/ensure-build.mjs).
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
// `--outdir DIR` builds elsewhere (a test that starts the built server builds its own copy, leaving dist alone).
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag > 0 ? process.argv[outdirFlag + 1] : 'dist/server';
const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/server/main.ts' },
  outdir,
  bundle: true,
  // Every package is loaded from node_modules as it is (native parts, files they read beside themselves).
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  tsconfig: 'tsconfig.json',
  // Lazily loaded parts (the embedded database, mail, the backup command) become their own files.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  // Source maps for stack traces in production logs.
  banner: { js: '// Built by scripts/build-server.mjs from src/server: edit the TypeScript, not this file.' },
  logLevel: 'warning',
});
console.log(`Built the server into ${outdir} in ${Date.now() - started} ms.`);
