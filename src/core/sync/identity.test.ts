import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { readClient } from './fixtures.test-helpers';
import { displayClientId, identifyClients, resolveIdentities, type Identity, type IdentityRow, type KnownClient } from './identity';

const known = (clientId: string, email: string, sourceId: string | null = null, removed = false): KnownClient => ({ clientId, sourceId, emailNormalized: email, removed });
const row = (email: string, sourceId = ''): IdentityRow => ({ email, sourceId });
function keys() {
  let n = 0;
  return () => `k${(n += 1)}`;
}

describe('resolveIdentities (D9)', () => {
  const cases: { name: string; rows: IdentityRow[]; stored: KnownClient[]; ids: boolean; want: Identity[] }[] = [
    {
      name: 'no id column: by e-mail, whatever the row',
      rows: [row('b@x'), row('a@x'), row('new@x')],
      stored: [known('c1', 'a@x'), known('c2', 'b@x')],
      ids: false,
      want: [
        { kind: 'existing', clientId: 'c2', sourceId: null },
        { kind: 'existing', clientId: 'c1', sourceId: null },
        { kind: 'new', clientId: 'k1', sourceId: null },
      ],
    },
    {
      name: 'id column: by id, even with a new e-mail',
      rows: [row('changed@x', 'A-1')],
      stored: [known('A-1', 'a@x', 'A-1')],
      ids: true,
      want: [{ kind: 'existing', clientId: 'A-1', sourceId: 'A-1' }],
    },
    {
      name: 'id column added: clients keyed by e-mail are matched by e-mail and take their id',
      rows: [row('a@x', 'A-1'), row('b@x', 'B-2')],
      stored: [known('c1', 'a@x'), known('c2', 'b@x')],
      ids: true,
      want: [
        { kind: 'existing', clientId: 'c1', sourceId: 'A-1' },
        { kind: 'existing', clientId: 'c2', sourceId: 'B-2' },
      ],
    },
    {
      name: 'an id that changed is another client (a client with another id is not matched by e-mail)',
      rows: [row('a@x', 'A-2')],
      stored: [known('A-1', 'a@x', 'A-1')],
      ids: true,
      want: [{ kind: 'new', clientId: 'A-2', sourceId: 'A-2' }],
    },
    {
      name: 'id column dropped: by e-mail, the id forgotten, the key kept',
      rows: [row('a@x')],
      stored: [known('A-1', 'a@x', 'A-1')],
      ids: false,
      want: [{ kind: 'existing', clientId: 'A-1', sourceId: null }],
    },
    {
      name: 'blank id: matched by e-mail keeping its id; none: skipped',
      rows: [row('a@x', ''), row('z@x', '')],
      stored: [known('A-1', 'a@x', 'A-1')],
      ids: true,
      want: [{ kind: 'existing', clientId: 'A-1', sourceId: 'A-1' }, { kind: 'blank_id' }],
    },
    {
      name: 'a current client is preferred to a removed one with the same e-mail',
      rows: [row('a@x')],
      stored: [known('old', 'a@x', null, true), known('now', 'a@x')],
      ids: false,
      want: [{ kind: 'existing', clientId: 'now', sourceId: null }],
    },
    {
      name: 'a new id already used as a key gets a fresh key; ids settle before e-mails',
      rows: [row('b@x', 'c1'), row('a@x', 'A-1')],
      stored: [known('c1', 'a@x', null)],
      ids: true,
      want: [
        { kind: 'new', clientId: 'k1', sourceId: 'c1' },
        { kind: 'existing', clientId: 'c1', sourceId: 'A-1' },
      ],
    },
  ];
  it.each(cases)('$name', ({ rows, stored, ids, want }) => {
    expect(resolveIdentities(rows, stored, ids, keys())).toEqual(want);
  });

  it('matches each stored client once', () => {
    const out = resolveIdentities([row('a@x', 'A-1'), row('a2@x', '')], [known('A-1', 'a2@x', 'A-1')], true, keys());
    expect(out).toEqual([{ kind: 'existing', clientId: 'A-1', sourceId: 'A-1' }, { kind: 'blank_id' }]);
  });

  it('shows the id cell, or client_{row} without one', () => {
    expect(displayClientId('T-1', 7)).toBe('T-1');
    expect(displayClientId(null, 7)).toBe('client_7');
  });
});

describe('identifyClients', () => {
  it('keeps who each deduplicated client is and skips a blank id nobody e-mail matches', () => {
    const clients = [readClient(2, 'a@x', { sourceId: 'A-1' }), readClient(3, 'b@x'), readClient(4, 'New@x', { sourceId: 'N-1' })];
    const out = identifyClients({ clients, hashes: ['h2', 'h3', 'h4'] }, new Map([['A-1', known('A-1', 'a@x', 'A-1')]]), true, keys());
    expect(out.clients.map((c) => c.row)).toEqual([2, 4]);
    expect(out.hashes).toEqual(['h2', 'h4']);
    expect(out.keys).toEqual(['A-1', 'N-1']);
    expect(out.sourceIds).toEqual(['A-1', 'N-1']);
    expect([...out.matched]).toEqual(['A-1']);
    expect(out.skips).toEqual([{ row: 3, reason: messages.sync.blankClientId }]);
  });
});
