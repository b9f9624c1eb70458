import { describe, expect, it } from 'vitest';
import { updatedLabel } from './relative-time';

describe('updatedLabel', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('follows the spec’s steps', () => {
    expect(updatedLabel(null, 'UTC', now)).toBe('Never');
    expect(updatedLabel('2026-11-22T11:59:30Z', 'UTC', now)).toBe('Just now');
    expect(updatedLabel('2026-11-22T11:55:00Z', 'UTC', now)).toBe('5m ago');
    expect(updatedLabel('2026-11-22T09:00:00Z', 'UTC', now)).toBe('3h ago');
  });

  it('gives an older time as the day it was in the business’s time zone (D8)', () => {
    const lateEvening = '2026-11-20T03:30:00Z'; // Nov 19, 10:30 PM in New York; Nov 20 in Tokyo
    const inNewYork = updatedLabel(lateEvening, 'America/New_York', now);
    const inTokyo = updatedLabel(lateEvening, 'Asia/Tokyo', now);
    expect(inNewYork).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'America/New_York' }).format(new Date(lateEvening)));
    expect(inTokyo).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'Asia/Tokyo' }).format(new Date(lateEvening)));
    expect(inNewYork).not.toBe(inTokyo);
  });
});
