// The search box's rules (spec 5), kept out of core's portal-search.ts because that module builds zod schemas at
// load, which would put zod in the portal's bundle. search-rules.test.ts checks they agree with core.

/** Shortest search after trimming (core's PORTAL_SEARCH_MIN_LENGTH). */
export const MIN_SEARCH_LENGTH = 2;

/** The search button is enabled when there is some text and no search is running (core's canSubmitPortalSearch). */
export function canSearch(text: string, busy: boolean): boolean {
  return text.trim().length > 0 && !busy;
}

/** True when the text is long enough to search. */
export function longEnough(text: string): boolean {
  return text.trim().length >= MIN_SEARCH_LENGTH;
}
