// Query keys of the portals feature. The list key is shared with the dashboard's portal switcher (same endpoint),
// and everything about one portal starts with ['app', 'portal', portalId], so one invalidation refreshes it all.

export const portalsKey = ['app', 'portals'] as const;
export const portalKey = (portalId: string) => ['app', 'portal', portalId] as const;
