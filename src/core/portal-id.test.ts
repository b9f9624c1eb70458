import { describe, expect, it } from 'vitest';
import { generatePortalId, isPortalId, portalIdSchema } from './portal-id';

describe('portal id', () => {
  it('is portal_ plus 9 base-36 characters, and random', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 2000; i += 1) {
      const id = generatePortalId();
      expect(id).toMatch(/^portal_[0-9a-z]{9}$/);
      expect(isPortalId(id)).toBe(true);
      ids.add(id);
    }
    expect(ids.size).toBe(2000);
  });

  it('uses every character', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i += 1) for (const ch of generatePortalId().slice(7)) seen.add(ch);
    expect(seen.size).toBe(36);
  });

  it.each([
    ['portal_abc123xyz', true],
    ['portal_ABC123XYZ', false],
    ['portal_abc123xy', false],
    ['portal_abc123xyz0', false],
    ['demo', false],
    ['', false],
  ])('isPortalId(%j) = %s', (value, ok) => {
    expect(isPortalId(value)).toBe(ok);
    expect(portalIdSchema.safeParse(value).success).toBe(ok);
  });
});
