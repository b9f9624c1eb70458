// Every public page, once: drives the /sitemap page, the pre-render step (scripts/prerender.mjs) and, through
// the pre-rendered pages' list, /sitemap.xml.
import type { ComingSoonFeature } from '@core/coming-soon';
import { resourcePath, resources, resourceTypePlurals, resourceTypeSlugs, resourceTypes } from './resources';

export interface SitePage {
  path: string;
  title: string;
  /** Another path serving the same document (its canonical URL); such pages stay out of sitemap.xml. */
  canonical?: string;
}

export interface SiteGroup {
  title: string;
  pages: SitePage[];
}

/** Features announced on the site whose coming-soon page gets a waitlist (linked from the features page). */
export const comingSoonFeatures: Record<ComingSoonFeature, { title: string; subtitle: string; release?: string }> = {
  'two-way-sync': {
    title: 'Two-way sheet sync',
    subtitle: 'Let clients confirm details or upload a note from the portal, written straight back to your sheet.',
    release: 'Q2 2027',
  },
  'video-tutorials': {
    title: 'Video tutorials',
    subtitle: 'Short recorded walkthroughs of every set-up step. Until then, each one has a written transcript.',
    release: 'Q1 2027',
  },
};

export function comingSoonPath(feature: string): string {
  return `/coming-soon/${feature}`;
}

export const siteGroups: SiteGroup[] = [
  {
    title: 'Product',
    pages: [
      { path: '/', title: 'Home' },
      { path: '/features', title: 'Features' },
      { path: '/pricing', title: 'Pricing' },
      { path: '/industries', title: 'Industries' },
      { path: '/security', title: 'Security' },
    ],
  },
  {
    title: 'Resources',
    pages: [
      { path: '/resources', title: 'Resource library' },
      ...resourceTypes
        .filter((type) => resources.some((r) => r.type === type))
        .map((type) => ({ path: `/resources/${resourceTypeSlugs[type]}`, title: resourceTypePlurals[type] })),
      { path: '/case-studies', title: 'Case studies' },
      { path: '/help', title: 'Help center' },
    ],
  },
  {
    title: 'Resource articles',
    pages: resources.map((r) => ({ path: resourcePath(r), title: r.title })),
  },
  {
    title: 'Company',
    pages: [
      { path: '/about', title: 'About' },
      { path: '/careers', title: 'Careers' },
      { path: '/partners', title: 'Partners' },
      { path: '/contact', title: 'Contact' },
      { path: '/support', title: 'Support' },
    ],
  },
  {
    title: 'Coming soon',
    pages: Object.entries(comingSoonFeatures).map(([key, f]) => ({ path: comingSoonPath(key), title: f.title })),
  },
  {
    title: 'Legal',
    pages: [
      { path: '/privacy', title: 'Privacy policy' },
      { path: '/terms', title: 'Terms of service' },
      { path: '/sitemap', title: 'Sitemap' },
    ],
  },
];

/** Pages rendered to static HTML at build time: every page above plus the two legal aliases. */
export const prerenderPaths: SitePage[] = [
  ...siteGroups.flatMap((g) => g.pages),
  ...resourceTypes
    .filter((type) => !resources.some((r) => r.type === type))
    .map((type) => ({ path: `/resources/${resourceTypeSlugs[type]}`, title: resourceTypePlurals[type] })),
  { path: '/privacy-policy', title: 'Privacy policy', canonical: '/privacy' },
  { path: '/terms-of-service', title: 'Terms of service', canonical: '/terms' },
];
