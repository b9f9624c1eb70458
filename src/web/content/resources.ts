// The resource library (spec 3 "Resource"): metadata only. The article texts live in resource-articles.ts,
// which only the article pages load.

export const resourceTypes = ['Guide', 'Template', 'Video', 'Blog Post', 'Case Study', 'Webinar'] as const;
export type ResourceType = (typeof resourceTypes)[number];

export const resourceCategories = [
  'Getting Started',
  'Google Sheets',
  'Customization',
  'Business Growth',
  'Technical',
  'Industry Specific',
] as const;
export type ResourceCategory = (typeof resourceCategories)[number];

/** Path segment of each type: /resources/{segment}/{slug} (spec 2.1). */
export const resourceTypeSlugs: Record<ResourceType, string> = {
  Guide: 'guides',
  Template: 'templates',
  Video: 'videos',
  'Blog Post': 'blog',
  'Case Study': 'case-studies',
  Webinar: 'webinars',
};

/** Plural heading of each type. */
export const resourceTypePlurals: Record<ResourceType, string> = {
  Guide: 'Guides',
  Template: 'Templates',
  Video: 'Videos',
  'Blog Post': 'Blog',
  'Case Study': 'Case Studies',
  Webinar: 'Webinars',
};

export function resourceTypeFromSlug(slug: string | undefined): ResourceType | null {
  const hit = Object.entries(resourceTypeSlugs).find(([, s]) => s === slug);
  return hit ? (hit[0] as ResourceType) : null;
}

/** Spec 2.7: Watch for Video and Webinar, Download for Template, Read otherwise. */
export function resourceActionLabel(type: ResourceType): 'Watch' | 'Download' | 'Read' {
  if (type === 'Video' || type === 'Webinar') return 'Watch';
  if (type === 'Template') return 'Download';
  return 'Read';
}

export interface ResourceDownload {
  fileName: string;
  mimeType: string;
  /** Which generator builds the file in the browser (see features/marketing/lib/downloads.ts). */
  source: 'client-sheet-template' | 'announcement-emails';
}

export interface Resource {
  id: string;
  slug: string;
  title: string;
  description: string;
  type: ResourceType;
  category: ResourceCategory;
  /** Reading (or watching) time, e.g. '6 min read'. */
  readTime: string;
  featured: boolean;
  publishDate: string;
  author: string;
  tags: string[];
  download?: ResourceDownload;
}

const TEAM = 'StatusLink Team';

export const resources: Resource[] = [
  {
    id: 'r01',
    slug: 'connect-your-google-sheet',
    title: 'Connect your Google Sheet in ten minutes',
    description: 'Share the sheet, paste its link, check the detected columns and publish your first client portal.',
    type: 'Guide',
    category: 'Getting Started',
    readTime: '7 min read',
    featured: true,
    publishDate: '2026-01-12',
    author: TEAM,
    tags: ['setup', 'google sheets', 'columns'],
  },
  {
    id: 'r02',
    slug: 'client-status-sheet-template',
    title: 'Client status sheet template',
    description: 'A ready-made CSV with the seven columns the portal reads best, plus five sample rows to copy.',
    type: 'Template',
    category: 'Google Sheets',
    readTime: '2 min read',
    featured: true,
    publishDate: '2026-01-12',
    author: TEAM,
    tags: ['template', 'csv', 'columns'],
    download: { fileName: 'statuslink-client-template.csv', mimeType: 'text/csv', source: 'client-sheet-template' },
  },
  {
    id: 'r03',
    slug: 'status-words-clients-understand',
    title: 'Choosing status words your clients understand',
    description: 'Replace internal jargon with a short set of statuses that answer "what happens next?" at a glance.',
    type: 'Guide',
    category: 'Customization',
    readTime: '6 min read',
    featured: true,
    publishDate: '2026-01-19',
    author: TEAM,
    tags: ['status', 'wording', 'client experience'],
  },
  {
    id: 'r04',
    slug: 'capacity-working-days-and-holidays',
    title: 'Setting capacity, working days and holidays',
    description: 'How the estimated completion date is calculated, and the four settings that make it honest.',
    type: 'Guide',
    category: 'Technical',
    readTime: '8 min read',
    featured: false,
    publishDate: '2026-01-26',
    author: TEAM,
    tags: ['workload', 'estimates', 'holidays'],
  },
  {
    id: 'r05',
    slug: 'sharing-portal-links',
    title: 'Sharing portal links with your clients',
    description: 'General links, personalised links and private access links: which to send, where, and when.',
    type: 'Guide',
    category: 'Getting Started',
    readTime: '5 min read',
    featured: false,
    publishDate: '2026-02-02',
    author: TEAM,
    tags: ['sharing', 'links', 'email'],
  },
  {
    id: 'r06',
    slug: 'priority-columns-and-queue-order',
    title: 'Priority columns and queue order',
    description: 'What the portal does with "High", "2" or "urgent", and how to move one client ahead without editing the sheet.',
    type: 'Guide',
    category: 'Google Sheets',
    readTime: '6 min read',
    featured: false,
    publishDate: '2026-02-09',
    author: TEAM,
    tags: ['priority', 'queue', 'overrides'],
  },
  {
    id: 'r07',
    slug: 'verification-for-private-portals',
    title: 'Verification for private portals',
    description: 'Turn on e-mailed verification codes so only the client themselves can open their status card.',
    type: 'Guide',
    category: 'Technical',
    readTime: '5 min read',
    featured: false,
    publishDate: '2026-02-16',
    author: TEAM,
    tags: ['privacy', 'verification', 'security'],
  },
  {
    id: 'r08',
    slug: 'branding-your-portal',
    title: 'Branding your portal',
    description: 'Logo, colours and a welcome message that make the portal feel like part of your business.',
    type: 'Guide',
    category: 'Customization',
    readTime: '5 min read',
    featured: false,
    publishDate: '2026-02-23',
    author: TEAM,
    tags: ['branding', 'logo', 'colours'],
  },
  {
    id: 'r09',
    slug: 'reading-your-portal-analytics',
    title: 'Reading your portal analytics',
    description: 'Lookups, completion rate, status breakdown and average time: what each figure tells you and what to do about it.',
    type: 'Guide',
    category: 'Business Growth',
    readTime: '7 min read',
    featured: false,
    publishDate: '2026-03-02',
    author: TEAM,
    tags: ['analytics', 'reporting'],
  },
  {
    id: 'r10',
    slug: 'handling-a-busy-season',
    title: 'Handling a busy season without the phone ringing all day',
    description: 'A four-week plan for the months when every client wants an update at once.',
    type: 'Blog Post',
    category: 'Business Growth',
    readTime: '6 min read',
    featured: true,
    publishDate: '2026-03-09',
    author: TEAM,
    tags: ['busy season', 'communication', 'capacity'],
  },
  {
    id: 'r11',
    slug: 'client-announcement-emails',
    title: 'Announcement e-mails for your portal',
    description: 'Three short e-mails to introduce the portal to existing clients, welcome new ones and remind late joiners.',
    type: 'Template',
    category: 'Customization',
    readTime: '3 min read',
    featured: false,
    publishDate: '2026-03-16',
    author: TEAM,
    tags: ['email', 'template', 'launch'],
    download: { fileName: 'statuslink-announcement-emails.txt', mimeType: 'text/plain', source: 'announcement-emails' },
  },
  {
    id: 'r12',
    slug: 'sheet-to-shared-link-walkthrough',
    title: 'Walkthrough: from spreadsheet to shared link',
    description: 'The whole set-up in one sitting, step by step, with what you should see on screen at each point.',
    type: 'Video',
    category: 'Getting Started',
    readTime: '9 min watch',
    featured: false,
    publishDate: '2026-03-23',
    author: TEAM,
    tags: ['walkthrough', 'setup'],
  },
  {
    id: 'r13',
    slug: 'tax-practice-filing-season',
    title: 'A tax practice in filing season (illustrative)',
    description: 'An illustrative composite: how a small tax office could set up its portal before the spring rush.',
    type: 'Case Study',
    category: 'Industry Specific',
    readTime: '6 min read',
    featured: false,
    publishDate: '2026-03-30',
    author: TEAM,
    tags: ['tax', 'accounting', 'illustrative'],
  },
  {
    id: 'r14',
    slug: 'law-firms-and-confidentiality',
    title: 'Law firms: status portals and confidentiality',
    description: 'What to put in a matter status, what to leave out, and the settings that keep a portal discreet.',
    type: 'Blog Post',
    category: 'Industry Specific',
    readTime: '6 min read',
    featured: false,
    publishDate: '2026-04-06',
    author: TEAM,
    tags: ['legal', 'confidentiality', 'privacy'],
  },
  {
    id: 'r15',
    slug: 'construction-project-updates',
    title: 'Construction projects: updates clients can act on',
    description: 'Turning a build schedule into statuses homeowners understand, from permit to handover.',
    type: 'Guide',
    category: 'Industry Specific',
    readTime: '6 min read',
    featured: false,
    publishDate: '2026-04-13',
    author: TEAM,
    tags: ['construction', 'scheduling'],
  },
];

/** The page of a resource: /resources/{type}/{slug}. */
export function resourcePath(resource: Pick<Resource, 'type' | 'slug'>): string {
  return `/resources/${resourceTypeSlugs[resource.type]}/${resource.slug}`;
}

export function findResource(typeSlug: string | undefined, slug: string | undefined): Resource | undefined {
  return resources.find((r) => resourceTypeSlugs[r.type] === typeSlug && r.slug === slug);
}
