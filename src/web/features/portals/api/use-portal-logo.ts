import { useMutation } from '@tanstack/react-query';
import type { RemovedLogo, UploadedLogo } from '@core/api/portals';
import { checkLogo, LOGO_MAX_BYTES, logoMessages } from '@core/portal-logo';
import { api, ApiError } from '@web/lib/api-client';
import { portalUrl } from './portal';
import { useInvalidatePortal } from './use-invalidate-portal';

export type { UploadedLogo } from '@core/api/portals';

/** PUTs the image file as the raw body; the server checks it again (by its bytes) and answers with its address. */
async function putLogo(portalId: string, file: Blob): Promise<UploadedLogo> {
  // The same checks as the server, for an answer before the upload; the server's word is final.
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  const local = file.size === 0 ? 'empty' : file.size > LOGO_MAX_BYTES ? 'tooLarge' : (() => {
    const checked = checkLogo(head);
    return checked.ok ? null : checked.reason;
  })();
  if (local) throw new ApiError(local === 'tooLarge' ? 413 : 400, `logo_${local}`, logoMessages[local], true);
  const type = file.type.startsWith('image/') ? file.type : 'application/octet-stream';
  return api.upload<UploadedLogo>('PUT', `${portalUrl(portalId)}/logo`, file, type);
}

/** PUT /api/v1/portals/{portalId}/logo: uploads a logo (PNG, JPEG, WebP or GIF, at most 512 KB). */
export function useUploadPortalLogo(portalId: string) {
  const invalidate = useInvalidatePortal(portalId);
  return useMutation({ mutationFn: (file: Blob) => putLogo(portalId, file), onSuccess: invalidate });
}

/** DELETE /api/v1/portals/{portalId}/logo: removes the uploaded logo (the configuration's logoUrl is cleared). */
export function useRemovePortalLogo(portalId: string) {
  const invalidate = useInvalidatePortal(portalId);
  return useMutation({ mutationFn: () => api.del<RemovedLogo>(`${portalUrl(portalId)}/logo`), onSuccess: invalidate });
}
