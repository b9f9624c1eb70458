import { describe, expect, it } from 'vitest';
import { cardColumns, cardColumnsSentence } from './card-columns';
import { defaultPortalConfig } from './portal-config';

const all = { id: 0, name: 1, email: 2, status: 3, priority: 4, date: 5, notes: 6 };

describe('card columns', () => {
  it('shows name, e-mail, status always and the optional columns as the settings say; never the id', () => {
    const columns = cardColumns(all, { ...defaultPortalConfig(), showNotes: false });
    expect(columns.map((c) => [c.field, c.shown, c.setting])).toEqual([
      ['name', true, null],
      ['email', true, null],
      ['status', true, null],
      ['priority', true, 'showPriority'],
      ['date', true, 'showDueDate'],
      ['notes', false, 'showNotes'],
    ]);
    expect(cardColumnsSentence(columns)).toBe('Clients see their name, e-mail address, status badge, queue position and due date; hidden from them: Notes.');
  });

  it('lists only mapped columns', () => {
    const columns = cardColumns({ name: 0, email: 1, status: 2 }, defaultPortalConfig());
    expect(cardColumnsSentence(columns)).toBe('Clients see their name, e-mail address and status badge.');
  });

  it('shows every column by default, as the spec has it', () => {
    expect(cardColumns(all, defaultPortalConfig()).every((c) => c.shown)).toBe(true);
  });
});
