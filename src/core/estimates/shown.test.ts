import { describe, expect, it } from 'vitest';
import { WorkingCalendar } from '../working-days';
import { estimateNote, estimateWords, monthDay, SETTINGS_BASIS_LABEL, slipSentences, updatedAgo } from './shown';
import { slipReason, type SeenEstimate, type SlipReason } from './slip';

const now = new Date('2027-03-01T15:00:00Z');
const minutesBefore = (m: number) => new Date(now.getTime() - m * 60_000);
const times = { updatedAt: minutesBefore(120), now, today: '2027-03-01' };
const range = { likely: '2027-03-05', low: '2027-03-03', high: '2027-03-12', basis: 'history' as const };

describe('updatedAgo', () => {
  it.each([
    [0, 'Updated just now'],
    [-5, 'Updated just now'],
    [1, 'Updated 1 minute ago'],
    [59, 'Updated 59 minutes ago'],
    [60, 'Updated 1 hour ago'],
    [23 * 60 + 59, 'Updated 23 hours ago'],
    [24 * 60, 'Updated 1 day ago'],
    [3 * 24 * 60 + 5, 'Updated 3 days ago'],
  ])('%i minutes before: %s', (minutes, words) => {
    expect(updatedAgo(minutesBefore(minutes), now)).toBe(words);
  });
});

describe('monthDay and estimateWords', () => {
  it("leaves out the year of today's year and names another", () => {
    expect(monthDay('2027-03-05', '2027-03-01')).toBe('March 5');
    expect(monthDay('2028-01-12', '2027-12-20')).toBe('January 12, 2028');
  });

  it('says the range, or the most likely date alone', () => {
    const words = (d: string) => monthDay(d, '2027-03-01');
    expect(estimateWords(range, 'range', words)).toBe('around March 5, very likely between March 3 and March 12');
    expect(estimateWords(range, 'date', words)).toBe('around March 5');
  });
});

describe('estimateNote: what the card says of an estimate', () => {
  it('a range learned from history: the range and when it was updated', () => {
    expect(estimateNote(range, 'range', times)).toEqual({ range: 'Around March 5, very likely between March 3 and March 12.', updated: 'Updated 2 hours ago.' });
  });

  it('a single date: no range sentence (the card shows the date)', () => {
    expect(estimateNote(range, 'date', times)).toEqual({ updated: 'Updated 2 hours ago.' });
  });

  it("on the settings' basis the label says so", () => {
    expect(estimateNote({ ...range, basis: 'settings' }, 'range', times).updated).toBe(`${SETTINGS_BASIS_LABEL}. Updated 2 hours ago.`);
    expect(SETTINGS_BASIS_LABEL).toBe("Based on the business's settings");
  });

  it('a range across the new year names the years', () => {
    const note = estimateNote({ likely: '2027-12-30', low: '2027-12-28', high: '2028-01-06', basis: 'history' }, 'range', { ...times, today: '2027-12-01' });
    expect(note.range).toBe('Around December 30, very likely between December 28 and January 6, 2028.');
  });

  it('carries the sentence why the date moved later', () => {
    expect(estimateNote({ ...range, reason: slipSentences.queue }, 'date', times).reason).toBe(slipSentences.queue);
  });
});

describe('the sentence of each slip, from the slip found', () => {
  const calendar = new WorkingCalendar({ workingDays: [1, 2, 3, 4, 5], holidays: ['2026-03-16', '2026-03-17'] });
  const seen: SeenEstimate = { likely: '2026-03-12', position: 10, basis: 'history', holidays: [] };
  const sentence = (nowPatch: Partial<SeenEstimate>, seenPatch: Partial<SeenEstimate> = {}): string | null => {
    const slip = slipReason({ seen: { ...seen, ...seenPatch }, now: { ...seen, holidays: [], ...nowPatch }, calendar, today: '2026-03-02', pace: 3 });
    return slip ? slipSentences[slip.reason] : null;
  };

  it.each<[string, Partial<SeenEstimate>, Partial<SeenEstimate>, SlipReason]>([
    ['fewer completions than usual lately', { likely: '2026-03-20' }, {}, 'completions'],
    ['moved back in the queue', { likely: '2026-03-18', position: 19 }, {}, 'queue'],
    ['holidays added before the date', { likely: '2026-03-18', holidays: ['2026-03-16', '2026-03-17'] }, {}, 'holidays'],
    ['the settings changed', { likely: '2026-03-20', basis: 'settings', settingsKey: 'b' }, { basis: 'settings', settingsKey: 'a' }, 'settings'],
    ['now from the pace', { likely: '2026-03-20' }, { basis: 'settings' }, 'basis'],
  ])('%s', (_name, nowPatch, seenPatch, reason) => {
    expect(sentence(nowPatch, seenPatch)).toBe(slipSentences[reason]);
  });

  it('says nothing for a move of a working day or an earlier date', () => {
    expect(sentence({ likely: '2026-03-13' })).toBeNull();
    expect(sentence({ likely: '2026-03-10' })).toBeNull();
  });

  it('each sentence is one plain sentence', () => {
    expect(slipSentences.completions).toBe('Our team has completed fewer projects than usual lately, so your date moved later.');
    expect(slipSentences.queue).toBe('Projects were placed ahead of yours in the queue, so your date moved later.');
    expect(slipSentences.holidays).toBe('Holidays were added to our calendar before your date, so it moved later.');
    for (const s of Object.values(slipSentences)) expect(s).toMatch(/^[A-Z][^.]*\.$/);
  });
});
