import { afterEach, beforeEach, vi } from 'vitest';

// A test fails when code under test writes an unexpected console.error.
// A test that expects one calls `expectConsoleError()` first.
let allowed = 0;
const calls: unknown[][] = [];

export function expectConsoleError(times = 1) {
  allowed += times;
}

beforeEach(() => {
  allowed = 0;
  calls.length = 0;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (calls.length > allowed) {
    const first = calls[allowed]?.map((a) => (a instanceof Error ? a.stack : String(a))).join(' ');
    throw new Error(`Unexpected console.error (${calls.length - allowed}): ${first}`);
  }
});
