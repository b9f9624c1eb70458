import { describe, expect, it } from 'vitest';
import { showingLabel } from './showing-label';

describe('showingLabel', () => {
  it('counts the matching clients against all of them', () => {
    expect(showingLabel({ matching: 7, all: 7, page: 1, pageSize: 25, onPage: 7 })).toBe('Showing 7 of 7 clients');
    expect(showingLabel({ matching: 1, all: 7, page: 1, pageSize: 25, onPage: 1 })).toBe('Showing 1 of 7 clients');
    expect(showingLabel({ matching: 0, all: 7, page: 1, pageSize: 25, onPage: 0 })).toBe('Showing 0 of 7 clients');
  });

  it("names this page's rows when the matches take several pages", () => {
    expect(showingLabel({ matching: 60, all: 60, page: 1, pageSize: 25, onPage: 25 })).toBe('Showing 1-25 of 60 clients');
    expect(showingLabel({ matching: 60, all: 60, page: 3, pageSize: 25, onPage: 10 })).toBe('Showing 51-60 of 60 clients');
    expect(showingLabel({ matching: 30, all: 60, page: 2, pageSize: 25, onPage: 5 })).toBe('Showing 26-30 of 30 matching, 60 clients in all');
    // Large counts are grouped as everywhere else in the app.
    expect(showingLabel({ matching: 30_000, all: 30_000, page: 41, pageSize: 25, onPage: 25 })).toBe('Showing 1,001-1,025 of 30,000 clients');
  });
});
