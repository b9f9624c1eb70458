// Entry of the public portal's lazy chunk (/portal/:portalId). It must never import app or admin code.
import { PortalPage } from './portal-page';

export const portalChunk = {
  Page: PortalPage,
};
