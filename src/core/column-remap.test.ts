import { describe, expect, it } from 'vitest';
import { remapColumns } from './column-remap';

const saved = ['Client ID', 'Client Name', 'Email Address', 'Status', 'Priority', 'Due Date', 'Notes'];
const mapping = { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 };

describe('remapColumns', () => {
  it('keeps a mapping whose headers are unchanged', () => {
    expect(remapColumns(mapping, saved, saved)).toEqual({ mapping, errors: [], dropped: [], moved: [] });
  });

  it('follows columns that moved, matching headers loosely', () => {
    const headers = ['Status', 'client name', 'E-mail address', 'Client ID', 'Priority', 'Due Date', 'Notes'];
    const r = remapColumns(mapping, saved, headers);
    expect(r.errors).toEqual([]);
    expect(r.mapping).toEqual({ id: 3, name: 1, email: 2, status: 0, priority: 4, date: 5, notes: 6 });
    expect(r.moved).toEqual(['id', 'status']);
  });

  it('reports a missing required column as an error and a missing optional one as dropped', () => {
    const headers = ['Client ID', 'Client Name', 'Status', 'Due Date'];
    const r = remapColumns(mapping, saved, headers);
    expect(r.errors).toEqual([{ kind: 'missing', field: 'email', header: 'Email Address' }]);
    expect(r.dropped.map((p) => p.field)).toEqual(['priority', 'notes']);
    expect(r.mapping).toEqual({ id: 0, name: 1, status: 2, date: 3 });
  });

  it('without saved headers, checks that each column exists', () => {
    const r = remapColumns({ name: 0, email: 1, status: 5 }, [], ['a', 'b', 'c']);
    expect(r.errors).toEqual([{ kind: 'out_of_range', field: 'status', column: 'F' }]);
  });

  it('does not follow a header that now appears twice', () => {
    const r = remapColumns({ name: 0, email: 1, status: 2 }, ['N', 'E', 'S'], ['E', 'S', 'N', 'N']);
    expect(r.errors).toEqual([{ kind: 'missing', field: 'name', header: 'N' }]);
  });
});
