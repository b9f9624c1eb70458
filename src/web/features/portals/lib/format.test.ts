import { describe, expect, it } from 'vitest';
import { formatSize, intervalLabel } from './format';

describe('formatSize', () => {
  it('says bytes, KB (rounded up) or MB with one decimal', () => {
    expect(formatSize(0)).toBe('0 bytes');
    expect(formatSize(820)).toBe('820 bytes');
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1025)).toBe('2 KB');
    expect(formatSize(14_000)).toBe('14 KB');
    expect(formatSize(1024 * 1024 - 1)).toBe('1,024 KB');
    expect(formatSize(3.2 * 1024 * 1024)).toBe('3.2 MB');
  });
});

describe('intervalLabel', () => {
  it('names the sync intervals', () => {
    expect(intervalLabel(15)).toBe('every 15 minutes');
    expect(intervalLabel(60)).toBe('every hour');
    expect(intervalLabel(360)).toBe('every 6 hours');
    expect(intervalLabel(1440)).toBe('every day');
  });
});
