// Runs every benchmark suite in bench/suites in name order: `node --import tsx bench/index.ts [name-filter]`.
// Each suite module exports `async function run(): Promise<void>` that prints its own results.
import { readdirSync } from 'node:fs';

interface Suite {
  run: () => Promise<void>;
}

const filter = process.argv[2]?.toLowerCase();
const dir = new URL('./suites/', import.meta.url);
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .sort()
  .filter((f) => filter === undefined || f.toLowerCase().includes(filter));

if (names.length === 0) {
  console.log(filter ? `No bench suite matches "${filter}".` : 'No bench suites found.');
  process.exitCode = filter ? 1 : 0;
}

for (const name of names) {
  const suite = (await import(new URL(name, dir).href)) as Suite;
  console.log(`\n== ${name.replace(/\.ts$/, '')} ==`);
  await suite.run();
}
