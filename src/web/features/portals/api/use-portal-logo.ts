import { useMutation } from '@tanstack/react-query';
import { checkLogo, LOGO_MAX_BYTES, logoMessages } from '@core/portal-logo';
import { api, ApiError, FALLBACK_ERROR_MESSAGE } from '@web/lib/api-client';
import { portalUrl } from './portal';
import { useInvalidatePortal } from './use-invalidate-portal';

export interface UploadedLogo {
  logoUrl: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** PUTs the image file as the raw body; the server checks it again (by its bytes) and answers with its address. */
async function putLogo(portalId: string, file: Blob): Promise<UploadedLogo> {
  // The same checks as the server, for an answer before the upload; the server's word is final.
  const head = new Uint8Array(await file.slice(0, 4096).arrayBuffer());
  const local = file.size === 0 ? 'empty' : file.size > LOGO_MAX_BYTES ? 'tooLarge' : (() => {
    const checked = checkLogo(head);
    return checked.ok ? null : checked.reason;
  })();
  if (local) throw new ApiError(local === 'tooLarge' ? 413 : 400, `logo_${local}`, logoMessages[local], true);
  let response: Response;
  try {
    response = await fetch(`${portalUrl(portalId)}/logo`, {
      method: 'PUT',
      headers: { accept: 'application/json', 'content-type': file.type.startsWith('image/') ? file.type : 'application/octet-stream' },
      body: file,
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', FALLBACK_ERROR_MESSAGE);
  }
  const data: unknown = (response.headers.get('content-type') ?? '').includes('application/json') ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
    if (error?.message) throw new ApiError(response.status, error.code ?? 'ERROR', error.message, true);
    throw new ApiError(response.status, `HTTP_${response.status}`, FALLBACK_ERROR_MESSAGE);
  }
  return data as UploadedLogo;
}

/** PUT /api/v1/portals/{portalId}/logo: uploads a logo (PNG, JPEG, WebP or GIF, at most 512 KB). */
export function useUploadPortalLogo(portalId: string) {
  const invalidate = useInvalidatePortal(portalId);
  return useMutation({ mutationFn: (file: Blob) => putLogo(portalId, file), onSuccess: invalidate });
}

/** DELETE /api/v1/portals/{portalId}/logo: removes the uploaded logo (the configuration's logoUrl is cleared). */
export function useRemovePortalLogo(portalId: string) {
  const invalidate = useInvalidatePortal(portalId);
  return useMutation({ mutationFn: () => api.del<{ removed: boolean }>(`${portalUrl(portalId)}/logo`), onSuccess: invalidate });
}
