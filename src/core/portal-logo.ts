// Uploaded portal logos (issue 6 item 7): what is accepted, how it is recognised, and its public address.

/** Largest logo accepted: 512 KB. */
export const LOGO_MAX_BYTES = 512 * 1024;

export const logoContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type LogoContentType = (typeof logoContentTypes)[number];

export const logoMessages = {
  empty: 'The file is empty. Please choose a PNG, JPEG, WebP or GIF image.',
  tooLarge: 'The logo is too large. The largest accepted size is 512 KB.',
  svg: 'SVG logos are not accepted (they can carry scripts). Please upload a PNG, JPEG, WebP or GIF image.',
  wrongType: 'This file is not a PNG, JPEG, WebP or GIF image. Please choose one of those.',
} as const;

/**
 * The image type from the file's first bytes (magic numbers), whatever it claims to be; null when it is not a
 * PNG, JPEG, WebP or GIF.
 */
export function sniffLogoType(bytes: Uint8Array): LogoContentType | null {
  const starts = (sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** True when the bytes look like an SVG image (refused with its own message; other markup, e.g. HTML, is just not an image). */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return head.startsWith('<') && head.includes('<svg');
}

/** Why the file is refused, or null when it is an accepted image. */
export function checkLogo(bytes: Uint8Array): { ok: true; contentType: LogoContentType } | { ok: false; reason: keyof typeof logoMessages } {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, reason: 'tooLarge' };
  const type = sniffLogoType(bytes);
  if (type) return { ok: true, contentType: type };
  return { ok: false, reason: looksLikeSvg(bytes) ? 'svg' : 'wrongType' };
}

/** The public address of a portal's uploaded logo, versioned by its hash so a new upload shows at once. */
export function uploadedLogoPath(portalId: string, sha256: string): string {
  return `/api/public/portals/${encodeURIComponent(portalId)}/logo?v=${sha256.slice(0, 16)}`;
}

/** An uploaded logo's address as stored in the portal configuration's logoUrl. */
export const UPLOADED_LOGO_PATH = /^\/api\/public\/portals\/[A-Za-z0-9_-]{1,64}\/logo\?v=[0-9a-f]{8,64}$/;
