import { useParams } from 'react-router';
import { PortalApp } from '@web/portal/portal-app';

/**
 * /portal/:portalId inside the single-page app, reached only by navigating from another page of the app (a direct
 * load gets the portal's own small entry, portal.html, from the server). It renders the same portal component.
 */
export function PortalPage() {
  const { portalId = '' } = useParams();
  return <PortalApp key={portalId} portalId={portalId} />;
}
