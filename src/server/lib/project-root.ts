import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (the one with package.json): found from this file's place, which is src/server/lib when run
 * from source (tests, tsx) and dist/server when run built (`npm start`), so files beside the code (migrations, the
 * web build, the demo sheet) are found either way.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the project folder. */
export const projectPath = (...parts: string[]) => path.join(projectRoot, ...parts);
