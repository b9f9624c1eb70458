// The features announced as coming soon: each has a page (/coming-soon/{feature}, texts in the web app's
// content/site-map.ts) and a waitlist. The waitlist takes these names only.
export const comingSoonFeatureKeys = ['two-way-sync', 'video-tutorials'] as const;
export type ComingSoonFeature = (typeof comingSoonFeatureKeys)[number];
