import { describe, expect, it } from 'vitest';
import { portalMessages } from '@core/portal-texts';
import { messages } from '@core/messages';
import { PORTAL_SEARCH_MIN_LENGTH, canSubmitPortalSearch, parsePortalQuery } from '@core/validation/portal-search';
import { MIN_SEARCH_LENGTH, canSearch, longEnough } from './search-rules';
import { accentOn, brandButton, contrast, safeColour, textOn } from './brand';
import { formatDay } from './format';

describe('portal search rules agree with core', () => {
  it('has the same minimum length and button rule', () => {
    expect(MIN_SEARCH_LENGTH).toBe(PORTAL_SEARCH_MIN_LENGTH);
    for (const text of ['', ' ', 'a', ' a ', 'ab', '  ab  ', 'maria@example.com']) {
      expect(longEnough(text)).toBe(parsePortalQuery(text) !== null);
      for (const busy of [true, false]) expect(canSearch(text, busy)).toBe(canSubmitPortalSearch(text, busy));
    }
  });

  it("uses the spec's portal messages word for word", () => {
    expect(messages.portal).toBe(portalMessages);
    expect(portalMessages.notFound).toBe('No project found. Please check your email/name or contact support.');
    expect(portalMessages.unexpected).toBe('Unable to load project information. Please try again later.');
  });
});

describe('branding colours', () => {
  it('accepts only #RRGGBB', () => {
    expect(safeColour('#0F766E', '#000000')).toBe('#0F766E');
    for (const bad of ['red', '#fff', 'url(x)', '#0F766E;color:red', '', undefined]) expect(safeColour(bad, '#000000')).toBe('#000000');
  });

  it('picks readable text on a brand colour, and an accent with 4.5:1 contrast', () => {
    expect(textOn('#1D4ED8')).toBe('#ffffff');
    expect(textOn('#3B82F6')).toBe('#111827');
    const blue = brandButton('#3B82F6');
    expect(blue.text).toBe('#ffffff');
    expect(contrast(blue.background, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(brandButton('#0F766E')).toEqual({ background: '#0F766E', text: '#ffffff' });
    expect(brandButton('#FDE047')).toEqual({ background: '#FDE047', text: '#111827' });
    expect(textOn('#FDE047')).toBe('#111827');
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 0);
    expect(accentOn('#FDE047', '#ffffff', '#0a0a0a')).toBe('#0a0a0a');
    expect(accentOn('#1D4ED8', '#ffffff', '#0a0a0a')).toBe('#1D4ED8');
  });
});

describe('dates on the card', () => {
  it('writes ISO dates in words without moving them through a time zone, and keeps other text', () => {
    expect(formatDay('2027-01-12')).toBe('Tuesday, January 12, 2027');
    expect(formatDay('2027-01-12', 'short')).toBe('Jan 12, 2027');
    expect(formatDay('end of March')).toBe('end of March');
  });
});
