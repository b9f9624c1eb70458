import { describe, expect, it } from 'vitest';
import { emailSchema, isEmail, maskEmail, normalizeEmail, parseMailbox } from './email';

describe('isEmail', () => {
  it.each([
    ['a@b.co', true],
    ['first.last+tag@sub.example.com', true],
    ['x@y.z', true],
    ['ANNA@EXAMPLE.ORG', true],
    ['', false],
    ['plain', false],
    ['a@b', false],
    ['@b.co', false],
    ['a@.', false],
    ['a@b.', false],
    ['a b@c.de', false],
    ['a@b c.de', false],
    ['a@@b.co', false],
    [' a@b.co', false],
  ])('%j -> %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });
});

describe('emailSchema', () => {
  it.each<[unknown, { ok: boolean; out: string }]>([
    ['  a@b.co  ', { ok: true, out: 'a@b.co' }],
    ['', { ok: false, out: 'Email is required' }],
    ['   ', { ok: false, out: 'Email is required' }],
    ['nope', { ok: false, out: 'Email is invalid' }],
    [undefined, { ok: false, out: 'Email is required' }],
  ])('%j', (input, expected) => {
    const result = emailSchema.safeParse(input);
    expect(result.success).toBe(expected.ok);
    if (result.success) expect(result.data).toBe(expected.out);
    else expect(result.error.issues.map((i) => i.message)).toEqual([expected.out]);
  });

  it('normalizes', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
});

describe('maskEmail', () => {
  it('keeps only the first letters of the name and domain, and the top-level domain', () => {
    expect(maskEmail('jwhitfield@example.net')).toBe('j•••@e•••.net');
    expect(maskEmail('a@b.co.uk')).toBe('a•••@b•••.uk');
    expect(maskEmail('x@localhost')).toBe('x•••@l•••');
    expect(maskEmail('not-an-address')).toBe('•••');
  });
});

describe('parseMailbox', () => {
  it('reads a bare address or a name with an address', () => {
    expect(parseMailbox('updates@example.com')).toEqual({ address: 'updates@example.com' });
    expect(parseMailbox('StatusLink <updates@example.com>')).toEqual({ name: 'StatusLink', address: 'updates@example.com' });
    expect(parseMailbox('"Bright Ledger, Tax" <desk@example.com>')).toEqual({ name: 'Bright Ledger, Tax', address: 'desk@example.com' });
    expect(parseMailbox('<desk@example.com>')).toEqual({ address: 'desk@example.com' });
  });

  it('refuses text without a valid address', () => {
    for (const value of ['StatusLink', 'StatusLink <not an address>', 'a@b', '']) expect(parseMailbox(value), value).toBeNull();
  });
});
