// The demo portal's fixed ids and what visitors are told to try (issue 5, item 6). The data itself is
// demo-clients.csv, imported through the real import path by seed-demo.ts.

export const DEMO_PORTAL_ID = 'demo';
export const DEMO_BUSINESS_ID = 'demo-business';
export const DEMO_USER_ID = 'demo-user';
/** Never delivered (.invalid is reserved); the demo account has no password and is banned from signing in. */
export const DEMO_OWNER_EMAIL = 'demo-owner@statuslink.invalid';
export const DEMO_COMPANY_NAME = 'Harbor Tax & Accounting';

/**
 * The demo's personal access link (D3) for one sample client, so visitors can see a link open the card directly and
 * try sending an update. Public on purpose: the demo's clients are made up.
 */
export const DEMO_ACCESS_TOKEN = 'demo-robert-chen-personal-access-link-0000001';
export const DEMO_ACCESS_CLIENT_ID = 'T-1004';
export const DEMO_ACCESS_CLIENT_NAME = 'Robert Chen';

export interface DemoSample {
  /** What to type in the search box. */
  query: string;
  /** What it shows. */
  note: string;
}

/** Lookups a visitor of the demo portal can try; each matches a row of demo-clients.csv. */
export const demoSamples: DemoSample[] = [
  { query: 'maria.gonzalez@example.com', note: 'in progress, near the front of the queue' },
  { query: 'James Whitfield', note: 'pending, with a due date' },
  { query: 'robert.chen@example.com', note: 'in review' },
  { query: 'aiko.tanaka@example.org', note: 'completed' },
];
