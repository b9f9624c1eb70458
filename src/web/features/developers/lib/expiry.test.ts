import { describe, expect, it } from 'vitest';
import { expiryFromChoice } from './expiry';

describe('API key expiry choices', () => {
  it.each([
    ['never', null],
    ['30', '2026-12-31T12:00:00.000Z'],
    ['365', '2027-12-01T12:00:00.000Z'],
  ] as const)('%s', (choice, iso) => {
    expect(expiryFromChoice(choice, Date.parse('2026-12-01T12:00:00Z'))).toBe(iso);
  });
});
