import { expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { mergedChangesUpdate } from '../../src/server/services/notifications/record-notification-changes';

// A sync's changes are merged into its clients' open messages in one update. PostgreSQL takes at most 65,535
// parameters a statement, so that update's parameters must not grow with the number of messages merged (a sync of
// more than 32,767 clients with open messages failed every time when each message took two).

const paramsOf = (rows: number) => {
  const list = Array.from({ length: rows }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, changes: { status: { from: 'a', to: `b${i}` } } }));
  return new PgDialect().sqlToQuery(mergedChangesUpdate(list, new Date('2026-01-01T00:00:00Z'))).params.length;
};

it('merges any number of open messages in one statement of a few parameters', () => {
  expect(paramsOf(40_000)).toBe(paramsOf(1));
  expect(paramsOf(40_000)).toBeLessThan(10);
});
