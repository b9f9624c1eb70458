import { describe, expect, it } from 'vitest';
import { applyManagedChanges, managedSheetRows, type ManagedRow } from './managed-clients';

const row = (clientId: string, r: number, email = `${clientId.toLowerCase()}@example.com`, idCell = clientId): ManagedRow => ({
  clientId,
  idCell,
  row: r,
  name: clientId,
  email,
  status: 'Waiting',
  priority: '',
  dueDate: '',
  notes: '',
});
const fields = (email: string, status = 'Waiting') => ({ name: 'N', email, status, priority: '', dueDate: null, notes: '' });
const mapOf = (...rows: ManagedRow[]) => new Map(rows.map((r) => [r.clientId, r]));

describe('applyManagedChanges', () => {
  it('keeps rows in place, puts new and restored clients last, and merges a patch over the stored fields', () => {
    const out = applyManagedChanges({
      active: mapOf(row('A', 2), row('B', 4)),
      removed: mapOf(row('R', 9)),
      changes: [
        { kind: 'patch', clientId: 'B', fields: { status: 'Done' } },
        { kind: 'put', clientId: 'N', fields: fields('n@example.com') },
        { kind: 'restore', clientId: 'R' },
        { kind: 'delete', clientId: 'A' },
      ],
    });
    if ('refusal' in out) throw new Error(out.refusal.message);
    expect(out.rows.map((r) => [r.clientId, r.row, r.status])).toEqual([
      ['B', 4, 'Done'],
      ['N', 10, 'Waiting'],
      ['R', 11, 'Waiting'],
    ]);
    expect(out).toMatchObject({ created: ['N'], deleted: ['A'], written: ['B', 'N', 'R'] });
  });

  it.each([
    ['an unknown client patched', { kind: 'patch', clientId: 'Z', fields: { status: 'x' } }, 'client_not_found'],
    ['a removed client patched', { kind: 'patch', clientId: 'R', fields: { status: 'x' } }, 'client_not_found'],
    ['a create of a removed key', { kind: 'create', clientId: 'R', fields: fields('r2@example.com') }, 'client_exists'],
    ['a new key that is another client\'s ID cell', { kind: 'put', clientId: 'X-1', fields: fields('x@example.com') }, 'client_id_taken'],
    ['an e-mail another client has', { kind: 'put', clientId: 'N', fields: fields('A@Example.com ') }, 'email_taken'],
    ['a key with a space', { kind: 'put', clientId: 'a b', fields: fields('ab@example.com') }, 'invalid_client_id'],
  ] as const)('refuses %s', (_, change, code) => {
    const out = applyManagedChanges({ active: mapOf(row('A', 2), row('B', 3, 'b@example.com', 'X-1')), removed: mapOf(row('R', 5)), changes: [change] });
    expect('refusal' in out && out.refusal.code).toBe(code);
  });

  it('lets clients swap e-mail addresses within one request', () => {
    const out = applyManagedChanges({
      active: mapOf(row('A', 2), row('B', 3)),
      removed: new Map(),
      changes: [
        { kind: 'put', clientId: 'A', fields: fields('b@example.com') },
        { kind: 'put', clientId: 'B', fields: fields('a@example.com') },
      ],
    });
    expect('refusal' in out).toBe(false);
  });
});

describe('managedSheetRows', () => {
  it('writes each client at its row, a gap as a blank row', () => {
    expect(managedSheetRows([row('A', 2), row('B', 4)])).toEqual([['A', 'A', 'a@example.com', 'Waiting', '', '', ''], [], ['B', 'B', 'b@example.com', 'Waiting', '', '', '']]);
  });
});
