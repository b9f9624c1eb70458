import { describe, expect, it } from 'vitest';
import { logoUrlSchema } from './portal-config';
import { LOGO_MAX_BYTES, UPLOADED_LOGO_PATH, checkLogo, sniffLogoType, uploadedLogoPath } from './portal-logo';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p)] : p)));

describe('logo checks', () => {
  it.each([
    ['png', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'), 'image/png'],
    ['jpeg', bytes([0xff, 0xd8, 0xff, 0xe0], 'rest'), 'image/jpeg'],
    ['gif87a', bytes('GIF87a', 'rest'), 'image/gif'],
    ['gif89a', bytes('GIF89a', 'rest'), 'image/gif'],
    ['webp', bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '), 'image/webp'],
    ['riff but not webp (wav)', bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '), null],
    ['svg', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['truncated png', bytes([0x89, 0x50, 0x4e]), null],
  ])('recognises %s by its bytes', (_name, data, type) => {
    expect(sniffLogoType(data)).toBe(type);
  });

  it('refuses empty, oversize, SVG and other files with their reason', () => {
    expect(checkLogo(new Uint8Array())).toEqual({ ok: false, reason: 'empty' });
    expect(checkLogo(new Uint8Array(LOGO_MAX_BYTES + 1))).toEqual({ ok: false, reason: 'tooLarge' });
    expect(checkLogo(bytes('\uFEFF  <?xml version="1.0"?><svg/>'))).toEqual({ ok: false, reason: 'svg' });
    expect(checkLogo(bytes('<!DOCTYPE svg><svg/>'))).toEqual({ ok: false, reason: 'svg' });
    // HTML (a web page saved as .png) is not an SVG: it is simply not an image.
    expect(checkLogo(bytes('<!DOCTYPE html><html><body>hi</body></html>'))).toEqual({ ok: false, reason: 'wrongType' });
    expect(checkLogo(bytes('<?xml version="1.0"?><note/>'))).toEqual({ ok: false, reason: 'wrongType' });
    expect(checkLogo(bytes('%PDF-1.7'))).toEqual({ ok: false, reason: 'wrongType' });
    expect(checkLogo(bytes('GIF89a'))).toEqual({ ok: true, contentType: 'image/gif' });
  });

  it("versions the upload's address by its hash, and the configuration accepts only that relative address", () => {
    const path = uploadedLogoPath('portal_abc123xyz', 'a'.repeat(64));
    expect(path).toBe('/api/public/portals/portal_abc123xyz/logo?v=aaaaaaaaaaaaaaaa');
    expect(UPLOADED_LOGO_PATH.test(path)).toBe(true);
    expect(logoUrlSchema.safeParse(path).success).toBe(true);
    expect(logoUrlSchema.safeParse('/api/public/portals/x/logo?v=zz"onerror=').success).toBe(false);
    expect(logoUrlSchema.safeParse('//evil.example/logo.png').success).toBe(false);
    expect(logoUrlSchema.safeParse('javascript:alert(1)').success).toBe(false);
  });
});
