import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, logoMessages } from '@core/portal-logo';
import { activityEvents, businessProfiles, portalLogos, portals } from '../../src/server/db/schema';
import { businessWithPortal, liftBusinessApiLimits, request } from '../support/sheets';
import { TEST_ORIGIN, useTestApp, nextIp } from '../support/test-app';
import { publicConfig } from './portal-helpers';

// Uploaded portal logos (issue 6 item 7): PUT/DELETE /api/v1/portals/{id}/logo, GET /api/public/portals/{id}/logo.

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

/** A real 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A real 1x1 GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest-of-a-jpeg')]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 rest')]);
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function upload(portalId: string, cookie: string | null, body: Buffer | string, contentType = 'image/png') {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/portals/${portalId}/logo`,
    remoteAddress: nextIp(),
    headers: { origin: TEST_ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    payload: body,
  });
}

const fetchLogo = (path: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path, remoteAddress: nextIp(), headers });

describe('portal logo upload', () => {
  it('stores a PNG, points logoUrl at it and serves it publicly with its type, nosniff and a long cache', async () => {
    const owner = await businessWithPortal(t.app);
    const res = await upload(owner.portalId, owner.cookie, PNG);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ contentType: 'image/png', size: PNG.length });
    expect(body.logoUrl).toBe(`/api/public/portals/${owner.portalId}/logo?v=${body.sha256.slice(0, 16)}`);

    // The configuration (business API and public) now points at it.
    const portal = await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}`, owner.cookie);
    expect(portal.json().config.logoUrl).toBe(body.logoUrl);
    expect((await publicConfig(t.app, owner.portalId)).json().portal.logoUrl).toBe(body.logoUrl);

    const served = await fetchLogo(body.logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const etag = served.headers.etag as string;
    expect(etag).toBe(`"${body.sha256}"`);
    // Without the version it must revalidate; the ETag gives a 304.
    const unversioned = await fetchLogo(`/api/public/portals/${owner.portalId}/logo`);
    expect(unversioned.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await fetchLogo(`/api/public/portals/${owner.portalId}/logo`, { 'if-none-match': etag })).statusCode).toBe(304);

    const [stored] = await t.app.ctx.db.select().from(portalLogos).where(eq(portalLogos.portalId, owner.portalId));
    expect(stored).toMatchObject({ contentType: 'image/png', size: PNG.length, sha256: body.sha256 });
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.type, 'portal.logo_uploaded'));
    expect(events.some((e) => (e.detail as { portalId?: string }).portalId === owner.portalId)).toBe(true);
  });

  it('replaces the logo with a new address, judging the type by the bytes, not the declared type', async () => {
    const owner = await businessWithPortal(t.app);
    const first = (await upload(owner.portalId, owner.cookie, PNG)).json();
    // A GIF declared as PNG is stored as a GIF.
    const second = await upload(owner.portalId, owner.cookie, GIF, 'image/png');
    expect(second.statusCode).toBe(200);
    expect(second.json().contentType).toBe('image/gif');
    expect(second.json().logoUrl).not.toBe(first.logoUrl);
    const served = await fetchLogo(second.json().logoUrl);
    expect(served.headers['content-type']).toBe('image/gif');
    // The old address now serves the new image, but not as immutable.
    expect((await fetchLogo(first.logoUrl)).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await upload(owner.portalId, owner.cookie, JPEG, 'application/octet-stream')).json().contentType).toBe('image/jpeg');
    expect((await upload(owner.portalId, owner.cookie, WEBP, 'image/webp')).json().contentType).toBe('image/webp');
  });

  it('refuses SVG, other files, empty and oversize bodies with clear messages', async () => {
    const owner = await businessWithPortal(t.app);
    const svg = await upload(owner.portalId, owner.cookie, SVG, 'image/svg+xml');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().error).toEqual({ code: 'logo_svg', message: logoMessages.svg });
    // SVG declared as PNG: still refused.
    expect((await upload(owner.portalId, owner.cookie, SVG, 'image/png')).json().error.code).toBe('logo_svg');
    const text = await upload(owner.portalId, owner.cookie, Buffer.from('%PDF-1.7 not an image'), 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toEqual({ code: 'logo_wrong_type', message: logoMessages.wrongType });
    const json = await request(t.app, 'PUT', `/api/v1/portals/${owner.portalId}/logo`, owner.cookie, { logo: 'x' });
    expect(json.statusCode).toBe(415);
    const empty = await upload(owner.portalId, owner.cookie, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(logoMessages.empty);
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES)]);
    const tooBig = await upload(owner.portalId, owner.cookie, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toEqual({ code: 'logo_too_large', message: logoMessages.tooLarge });
    // Exactly the limit is accepted.
    const atLimit = Buffer.concat([PNG, Buffer.alloc(LOGO_MAX_BYTES - PNG.length)]);
    expect((await upload(owner.portalId, owner.cookie, atLimit)).statusCode).toBe(200);
    // Nothing refused was stored.
    const [stored] = await t.app.ctx.db.select({ size: portalLogos.size }).from(portalLogos).where(eq(portalLogos.portalId, owner.portalId));
    expect(stored!.size).toBe(LOGO_MAX_BYTES);
  });

  it('removes the upload and clears logoUrl; a typed logo address is kept', async () => {
    const owner = await businessWithPortal(t.app);
    const { logoUrl } = (await upload(owner.portalId, owner.cookie, PNG)).json();
    const removed = await request(t.app, 'DELETE', `/api/v1/portals/${owner.portalId}/logo`, owner.cookie);
    expect(removed.json()).toEqual({ removed: true });
    expect((await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}`, owner.cookie)).json().config.logoUrl).toBe('');
    const gone = await fetchLogo(logoUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    expect((await request(t.app, 'DELETE', `/api/v1/portals/${owner.portalId}/logo`, owner.cookie)).json()).toEqual({ removed: false });

    await upload(owner.portalId, owner.cookie, PNG);
    await request(t.app, 'PATCH', `/api/v1/portals/${owner.portalId}`, owner.cookie, { config: { logoUrl: 'https://cdn.example.com/logo.png' } });
    await request(t.app, 'DELETE', `/api/v1/portals/${owner.portalId}/logo`, owner.cookie);
    expect((await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}`, owner.cookie)).json().config.logoUrl).toBe('https://cdn.example.com/logo.png');
  });

  it("is scoped to the business: another business's portal is not found, and anonymous callers get 401", async () => {
    const owner = await businessWithPortal(t.app);
    const other = await businessWithPortal(t.app);
    await upload(owner.portalId, owner.cookie, PNG);
    const put = await upload(owner.portalId, other.cookie, GIF);
    expect(put.statusCode).toBe(404);
    expect((await request(t.app, 'DELETE', `/api/v1/portals/${owner.portalId}/logo`, other.cookie)).statusCode).toBe(404);
    expect((await upload(owner.portalId, null, GIF)).statusCode).toBe(401);
    // The owner's logo is untouched.
    const served = await fetchLogo(`/api/public/portals/${owner.portalId}/logo`);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await fetchLogo('/api/public/portals/portal_nosuchone/logo')).statusCode).toBe(404);
    expect((await fetchLogo('/api/public/portals/bad%20id/logo')).statusCode).toBe(404);
  });

  it("is not served for a suspended business's portal, and goes with the portal", async () => {
    const owner = await businessWithPortal(t.app);
    const { logoUrl } = (await upload(owner.portalId, owner.cookie, PNG)).json();
    const [portal] = await t.app.ctx.db.select({ businessId: portals.businessId }).from(portals).where(eq(portals.id, owner.portalId));
    await t.app.ctx.db.update(businessProfiles).set({ status: 'suspended' }).where(eq(businessProfiles.id, portal!.businessId));
    expect((await fetchLogo(logoUrl)).statusCode).toBe(404);
    await t.app.ctx.db.update(businessProfiles).set({ status: 'active' }).where(eq(businessProfiles.id, portal!.businessId));
    expect((await fetchLogo(logoUrl)).statusCode).toBe(200);
    expect((await request(t.app, 'DELETE', `/api/v1/portals/${owner.portalId}`, owner.cookie)).statusCode).toBe(204);
    expect(await t.app.ctx.db.select({ id: portalLogos.portalId }).from(portalLogos).where(eq(portalLogos.portalId, owner.portalId))).toEqual([]);
  });

  it('accepts the uploaded address as logoUrl but still refuses script addresses', async () => {
    const owner = await businessWithPortal(t.app);
    const bad = await request(t.app, 'PATCH', `/api/v1/portals/${owner.portalId}`, owner.cookie, { config: { logoUrl: 'javascript:alert(1)' } });
    expect(bad.statusCode).toBe(400);
    const relative = await request(t.app, 'PATCH', `/api/v1/portals/${owner.portalId}`, owner.cookie, { config: { logoUrl: '/evil.svg' } });
    expect(relative.statusCode).toBe(400);
  });
});
