import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { businessProfiles, portals, users } from '../../src/server/db/schema';
import { CLIENT_COLUMNS, clientCopyLine, COPY_CLIENTS, type ClientRow } from '../../src/server/services/sheet-sync/client-columns';
import { copyChannel, copyValue } from '../../src/server/services/sheet-sync/copy-rows';
import { createTestDatabase } from '../support/test-database';

// The client columns are declared once (client-columns.ts); the COPY line is made from that declaration. A row whose
// every column has its own value, streamed with COPY into `clients` and read back column by column, lands each
// value in the column of its name: the line's order is the declaration's, on both databases.

let database: Database & { drop(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(users).values({ id: 'u-cols', name: 'Cols', email: 'cols@example.com' });
  await database.db.insert(businessProfiles).values({ id: 'b-cols', userId: 'u-cols', companyName: 'Cols Co', ownerName: 'Cols', email: 'cols@example.com' });
  await database.db.insert(portals).values({ id: 'portal_cols', businessId: 'b-cols', name: 'Cols' });
});
afterAll(async () => {
  await database?.drop();
});

const row: ClientRow = {
  client_id: 'K-1',
  row: 7,
  name: 'Name\tWith tab',
  email: 'email@example.com',
  email_normalized: 'email-normalized@example.com',
  name_normalized: 'name normalized',
  status: 'In Progress',
  priority: 'High',
  due_date_text: '3 March',
  due_date: '2026-03-03',
  notes: 'line one\nline two \\N',
  raw: { 'Client ID': 'K-1', Notes: 'raw notes' },
  content_hash: 'hash-value',
  queue_state: 'queued',
  queue_position: 4,
  estimated_working_days: 11,
  estimated_completion: '2026-04-01',
  source_id: 'source-id',
};

describe('the client columns declared once', () => {
  it('makes the COPY line in the order of the declaration, and COPY puts every value in its own column', async () => {
    const names = CLIENT_COLUMNS.map((c) => c.name);
    expect(Object.keys(row).sort()).toEqual([...names].sort());
    expect(COPY_CLIENTS).toBe(`copy clients (portal_id, ${names.join(', ')}) from stdin`);
    expect(clientCopyLine(row).split('\t')).toEqual(names.map((n) => (n === 'raw' ? copyValue(JSON.stringify(row.raw)) : copyValue(row[n] as string | number | null))));

    await database.db.transaction(async (tx) => {
      const copy = copyChannel(tx, database.kind);
      expect(copy).not.toBeNull();
      await copy!(COPY_CLIENTS, `portal_cols\t${clientCopyLine(row)}\n`);
    });
    const result = (await database.db.execute(sql.raw(
      `select ${names.map((n) => (n.endsWith('date') || n === 'estimated_completion' ? `${n}::text as ${n}` : n)).join(', ')} from clients where portal_id = 'portal_cols'`,
    ))) as unknown as { rows: Record<string, unknown>[] };
    expect(result.rows).toEqual([row]);
  });
});
