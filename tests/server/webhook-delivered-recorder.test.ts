import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Db } from '../../src/server/db/client';
import { createDeliveredRecorder } from '../../src/server/services/webhooks/delivered-recorder';

// The recorder of successful attempts (decision 0018): a write that fails never fails (or crashes) the run.

const attempt = (id: string) => ({ id, at: new Date('2026-01-01T00:00:00Z'), statusCode: 200, durationMs: 5, excerpt: 'ok' });

/** A database whose statements fail when `fails` says so, counting the deliveries each statement carried. */
function fakeDb(fails: (rows: number) => boolean) {
  const statements: number[] = [];
  const db = {
    async execute(query: { queryChunks: unknown[] }) {
      const json = query.queryChunks.find((c): c is string => typeof c === 'string' && c.startsWith('[{'));
      const rows = json ? (JSON.parse(json) as unknown[]).length : 0;
      statements.push(rows);
      if (fails(rows)) throw new Error('write refused');
      return { rows: [] };
    },
  };
  return { db: db as unknown as Db, statements };
}

describe('the delivered recorder', () => {
  it('writes a group that fails one delivery at a time, and logs the one that fails alone instead of rejecting', async () => {
    const { db, statements } = fakeDb((rows) => rows > 1);
    const recorder = createDeliveredRecorder(db, pino({ level: 'silent' }));
    const written = [recorder.record(attempt('msg_1')), recorder.record(attempt('msg_2'))];
    await expect(Promise.all(written)).resolves.toEqual([true, true]);
    expect(statements).toEqual([2, 1, 1]);

    const down = fakeDb(() => true);
    const failing = createDeliveredRecorder(down.db, pino({ level: 'silent' }));
    await expect(failing.record(attempt('msg_3'))).resolves.toBe(false);
  });
});
