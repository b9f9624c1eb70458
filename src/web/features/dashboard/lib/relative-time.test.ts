import { describe, expect, it } from 'vitest';
import { updatedLabel } from './relative-time';

describe('updatedLabel', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('follows the spec’s steps', () => {
    expect(updatedLabel(null, now)).toBe('Never');
    expect(updatedLabel('2026-11-22T11:59:30Z', now)).toBe('Just now');
    expect(updatedLabel('2026-11-22T11:55:00Z', now)).toBe('5m ago');
    expect(updatedLabel('2026-11-22T09:00:00Z', now)).toBe('3h ago');
    expect(updatedLabel('2026-11-20T09:00:00Z', now)).toBe(new Date('2026-11-20T09:00:00Z').toLocaleDateString());
  });
});
