export declare const PORTAL_JS_BUDGET_BYTES: number;
/** The JavaScript portal.html loads, with gzip sizes; null when there is no build in `dist`. */
export declare function portalPageJs(dist: string): { files: number; raw: number; gzip: number } | null;
