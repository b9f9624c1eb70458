import { describe, expect, it } from 'vitest';
import { optionalText, requiredText } from './text';

describe('text fields', () => {
  it.each([
    ['  a ', 'a'],
    ['', 'Required'],
    ['   ', 'Required'],
    ['abcdef', 'Must be at most 5 characters'],
    [undefined, 'Required'],
  ])('requiredText(%j)', (input, expected) => {
    const r = requiredText('Required', 5).safeParse(input);
    expect(r.success ? r.data : r.error.issues.map((i) => i.message).join('|')).toBe(expected);
  });

  it('optionalText', () => {
    expect(optionalText(5).parse(undefined)).toBe('');
    expect(optionalText(5).parse(' a ')).toBe('a');
    expect(optionalText(5).safeParse('abcdef').success).toBe(false);
  });
});
