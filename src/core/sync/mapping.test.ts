import { describe, expect, it } from 'vitest';
import { detectColumns } from '../columns';
import { resolveUploadMapping } from './mapping';

const good = ['Client ID', 'Client Name', 'Email Address', 'Status', 'Priority', 'Notes'];
const duplicated = ['Email Address', 'Email Address', 'Client Name', 'Client Name', 'Status', 'Status'];
const detect = (headers: string[]) => detectColumns(headers).mapping;

describe('resolveUploadMapping (issue 25 item 2)', () => {
  it('maps a file from its own headers after a mapping saved from a file with duplicated headers', () => {
    const saved = detect(duplicated);
    expect(resolveUploadMapping(detect(good), saved, duplicated, good)).toEqual({
      mapping: { id: 0, name: 1, email: 2, status: 3, priority: 4, notes: 5 },
      lost: [],
    });
  });

  it('keeps a column the business chose by hand when the new headers have it (moved or not)', () => {
    const headers = ['Remarks', 'Name', 'Email', 'Status'];
    const r = resolveUploadMapping(detect(headers), { name: 0, email: 1, status: 2, notes: 3 }, ['Name', 'Email', 'Status', 'Remarks'], headers);
    expect(r.mapping).toMatchObject({ notes: 0, name: 1, email: 2, status: 3 });
  });

  it('leaves off a field the business unmapped on purpose', () => {
    const r = resolveUploadMapping(detect(good), { id: 0, name: 1, email: 2, status: 3, priority: 4 }, good, good);
    expect(r.mapping.notes).toBeUndefined();
  });

  it('says which saved optional column the file lacks', () => {
    const headers = ['Client Name', 'Email Address', 'Status'];
    const r = resolveUploadMapping(detect(headers), { name: 1, email: 2, status: 3, notes: 0 }, ['Odd Remarks', 'Client Name', 'Email Address', 'Status'], headers);
    expect(r.lost).toEqual([{ kind: 'missing', field: 'notes', header: 'Odd Remarks' }]);
  });

  it('without a saved mapping, is the detection', () => {
    expect(resolveUploadMapping(detect(good), null, [], good).mapping).toEqual(detect(good));
  });
});
