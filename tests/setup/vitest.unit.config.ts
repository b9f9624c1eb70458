import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Pure unit tests (src/core, src/web helpers): no database, no global setup.
export default defineConfig({
  resolve: {
    alias: {
      '@core': fileURLToPath(new URL('../../src/core', import.meta.url)),
      '@web': fileURLToPath(new URL('../../src/web', import.meta.url)),
    },
  },
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['src/core/**/*.test.ts', 'src/web/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
  },
});
