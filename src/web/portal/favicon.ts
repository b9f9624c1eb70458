import { useEffect } from 'react';
import type { PublicPortalConfig } from './api';

/** The platform's icon, for portals on plans without white-label (portal.html starts with none). */
const PLATFORM_ICON = '/favicon.svg';
/** No icon at all (the browser then asks for none): a white-label portal without a logo. */
const NO_ICON = 'data:,';

/**
 * The tab's icon once the portal is known (D14): the business's logo on a white-label plan (none without a logo),
 * the platform's icon on other plans. portal.html carries no icon, so a white-label portal never shows the
 * platform's, not even while it loads.
 */
export function usePortalFavicon(config: Pick<PublicPortalConfig, 'logoUrl' | 'poweredBy'> | undefined): void {
  const href = config === undefined ? null : config.poweredBy ? PLATFORM_ICON : config.logoUrl || NO_ICON;
  useEffect(() => {
    if (href === null) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.removeAttribute('type');
    link.href = href;
  }, [href]);
}
