// Builds the web app when there is no build yet or a source file is newer than it.
// `npm start` runs this first, so a fresh clone needs only `npm install && npm start`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const marker = path.join(root, 'dist/web/index.html');
const sources = ['src/web', 'src/core', 'vite.config.ts', 'package-lock.json', 'scripts/prerender.mjs'];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (built && built >= newest && !process.argv.includes('--force')) process.exit(0);

console.log(built ? 'Sources changed: rebuilding the web app...' : 'Building the web app (first start)...');
// `npm run build`: the client build, then the pre-rendered public pages (scripts/prerender.mjs).
const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
