import { describe, expect, it } from 'vitest';
import { canSubmitPortalSearch, isEmailQuery, normalizeName, parsePortalQuery, portalLookupSchema, portalSearchSchema } from './portal-search';

describe('portal search (spec 5, D3)', () => {
  it.each([
    ['ann@x.com', { kind: 'email', email: 'ann@x.com' }],
    ['  Ann@X.COM ', { kind: 'email', email: 'ann@x.com' }],
    ['Ann   Lee', { kind: 'name', name: 'ann lee' }],
    [' Jo ', { kind: 'name', name: 'jo' }],
    ['ann@x', { kind: 'name', name: 'ann@x' }],
    ['a', null],
    ['  a  ', null],
    ['', null],
  ])('parsePortalQuery(%j)', (text, expected) => {
    expect(parsePortalQuery(text)).toEqual(expected);
  });

  it.each([
    ['a@b.co', true],
    [' a@b.co ', true],
    ['a@b', false],
    ['a b@c.de', false],
  ])('isEmailQuery(%j) = %s', (text, ok) => {
    expect(isEmailQuery(text)).toBe(ok);
  });

  it('messages and button state', () => {
    expect(portalSearchSchema.safeParse({ query: ' a ' }).error?.issues[0]?.message).toBe('Please enter at least 2 characters to search');
    expect(portalSearchSchema.parse({ query: ' ab ' })).toEqual({ query: 'ab' });
    expect(portalLookupSchema.parse({ query: 'Ann  Lee' })).toEqual({ kind: 'name', name: 'ann lee' });
    expect(canSubmitPortalSearch('', false)).toBe(false);
    expect(canSubmitPortalSearch('  ', false)).toBe(false);
    expect(canSubmitPortalSearch('a', false)).toBe(true);
    expect(canSubmitPortalSearch('ann', true)).toBe(false);
    expect(normalizeName('\tAnn \n Lee ')).toBe('ann lee');
  });

  it('matches names typed with a curly apostrophe or decomposed accents', () => {
    expect(normalizeName('Tom O\u2019Neill')).toBe(normalizeName("Tom O'Neill"));
    expect(normalizeName('Tom O\u02BCNeill')).toBe("tom o'neill");
    expect(normalizeName('Zoe\u0308 Ålund')).toBe(normalizeName('Zoë Ålund'));
  });
});
