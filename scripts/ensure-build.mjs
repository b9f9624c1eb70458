// Builds what is missing or older than its sources: the web app (dist/web) and the server (dist/server).
// `npm start` runs this first, so a fresh clone needs only `npm install && npm start`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');

const builds = {
  web: {
    marker: 'dist/web/index.html',
    sources: ['src/web', 'src/core', 'vite.config.ts', 'package-lock.json', 'scripts/prerender.mjs'],
    // `npm run build`: the client build, the pre-rendered public pages (scripts/prerender.mjs), then the server.
    command: ['npm', ['run', 'build', '--silent']],
    first: 'Building the web app and the server (first start)...',
    again: 'Sources changed: rebuilding the web app and the server...',
  },
  server: {
    marker: 'dist/server/main.js',
    sources: ['src/server', 'src/core', 'drizzle', 'tsconfig.json', 'package-lock.json', 'scripts/build-server.mjs'],
    command: [process.execPath, ['scripts/build-server.mjs']],
    first: 'Building the server (first start)...',
    again: 'Server sources changed: rebuilding the server...',
  },
};

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** 'missing', 'stale' or 'fresh'. */
function state({ marker, sources }) {
  const file = path.join(root, marker);
  if (!fs.existsSync(file)) return 'missing';
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return force || fs.statSync(file).mtimeMs < newest ? 'stale' : 'fresh';
}

const run = (build, why) => {
  console.log(why === 'missing' ? build.first : build.again);
  const [cmd, args] = build.command;
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const web = state(builds.web);
if (web !== 'fresh') run(builds.web, web); // builds the server too
else {
  const server = state(builds.server);
  if (server !== 'fresh') run(builds.server, server);
}
