// npm test: unit and server tests on PGlite; the server tests again on PostgreSQL when
// TEST_DATABASE_URL is set; then the browser tests when Chromium is found (E2E=1 makes a
// missing browser an error instead of a skip).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const run = (label, cmd, args, env = {}) => {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n${label}: failed`);
    process.exit(r.status ?? 1);
  }
};

run('unit and server tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DB_KIND: 'pglite' });

if (process.env.TEST_DATABASE_URL) {
  run('server tests (PostgreSQL)', 'npx', ['vitest', 'run', 'tests/server'], { TEST_DB_KIND: 'postgres' });
} else {
  console.log('\nTEST_DATABASE_URL is not set: skipping the PostgreSQL run of the server tests.');
}

if (fs.existsSync(chromium)) {
  run('browser tests (Chromium)', 'npm', ['run', 'test:e2e']);
} else if (process.env.E2E === '1') {
  console.error(`\nE2E=1 but no Chromium at ${chromium} (install Debian's chromium package).`);
  process.exit(1);
} else {
  console.log(`\nNo Chromium at ${chromium}: skipping the browser tests (E2E=1 makes this an error).`);
}
