import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Issue 17 item 9: a clean `npm install` on the Node the README names prints no engine warnings. npm warns
// (EBADENGINE) for every installed package whose `engines.node` the running Node does not satisfy; the lock file
// records each package's range, so the check needs no install.
const require = createRequire(import.meta.url);
const semver = require('semver') as { minVersion(range: string): { version: string } | null; satisfies(v: string, range: string): boolean };

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('the supported Node version', () => {
  const oldest = semver.minVersion(pkg.engines.node)!.version;

  it('is the one the README names', () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const [major, minor] = oldest.split('.');
    expect(readme).toContain(`Node.js ${major}.${minor} or newer`);
  });

  it('satisfies the engines range of every installed package', () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path || Array.isArray(entry.engines)) continue;
      const range = entry.engines?.node;
      if (range && !semver.satisfies(oldest, range)) refused.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants ${range}`);
    }
    expect(refused).toEqual([]);
  });
});
