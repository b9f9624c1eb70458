import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './portal-app';
import './portal.css';

// Entry of the public portal page (/portal/{portalId}), a Vite entry of its own (portal.html): React and plain
// fetch only, no router, query library, schema library or any app, admin or marketing code.

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

/** The portal id from the address: /portal/{portalId}. */
function portalIdFromPath(pathname: string): string {
  const m = /^\/portal\/([^/]+)\/?$/.exec(pathname);
  if (!m) return '';
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return '';
  }
}

/** On the business's own domain the page is served at / and names its portal in a meta tag (server: web-app.ts). */
function portalIdOfDomain(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="statuslink-portal"]')?.content ?? '';
}

createRoot(container).render(
  <StrictMode>
    <PortalApp portalId={portalIdFromPath(window.location.pathname) || portalIdOfDomain()} />
  </StrictMode>,
);
