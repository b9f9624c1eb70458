import zlib from 'node:zlib';
import { expect, test, type Page } from './support/test';
import { apiCall, ownerWithSheet, shootBothThemes } from './support/business';

// Issue 6 items 7, 8 and 3 in a real browser: a logo uploaded in the Portal Configurator shows in its preview and on
// the public portal; the Template Configurator previews a real client and saves its edits; a client's updates are
// marked read when the business opens the client. H2_SHOTS=dir saves screenshots (1280 and 375 wide, light and dark).

const shotsDir = process.env.H2_SHOTS;
const shoot = (page: Page, name: string) => shootBothThemes(page, shotsDir, name);

/** A solid-colour PNG, made here (no binary fixture needed). */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const rowBytes = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x += 1) rowBytes.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => rowBytes));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}




test.describe('portal configuration and template', () => {
  test('a logo uploaded in the configurator shows in the preview and on the public portal', async ({ page }) => {
    const { portalId } = await ownerWithSheet(page, { label: 'config-owner' });
    await page.goto('/app/configurator');
    await expect(page.getByRole('button', { name: 'Upload image' })).toBeVisible();

    // SVG is refused with a clear message, nothing is stored.
    await page.locator('#config-logoFile').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    await expect(page.getByRole('alert').filter({ hasText: 'SVG logos are not accepted' })).toBeVisible();

    const png = solidPng(96, [15, 118, 110]);
    const uploaded = page.waitForResponse((r) => r.url().endsWith(`/api/v1/portals/${portalId}/logo`) && r.request().method() === 'PUT');
    await page.locator('#config-logoFile').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    expect((await uploaded).status()).toBe(200);
    await expect(page.getByTestId('logo-uploaded-note')).toBeVisible();
    const previewLogo = page.getByTestId('preview-logo');
    await expect(previewLogo).toHaveAttribute('src', new RegExp(`^/api/public/portals/${portalId}/logo\\?v=[0-9a-f]{16}$`));
    await expect.poll(() => previewLogo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    // The live portal in the preview frame shows it too.
    const frameLogo = page.frameLocator('iframe[title="Portal preview"]').getByTestId('portal-logo');
    await expect(frameLogo).toBeVisible();
    await shoot(page, 'configurator');
    if (shotsDir) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Branding' }) }).screenshot({ path: `${shotsDir}/configurator-branding-${width}.png` });
      }
    }

    // The public portal, as a client sees it.
    await page.goto(`/portal/${portalId}`);
    const logo = page.getByTestId('portal-logo');
    await expect(logo).toBeVisible();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    const src = await logo.getAttribute('src');
    const served = await page.request.get(src!);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['cache-control']).toContain('immutable');

    // Removing it clears the logo.
    await page.goto('/app/configurator');
    await page.getByRole('button', { name: 'Remove uploaded logo' }).click();
    await expect(page.getByRole('button', { name: 'Upload image' })).toBeVisible();
    await expect(page.getByTestId('preview-logo')).toHaveCount(0);
  });

  test('the template configurator previews a real client and saves its edits', async ({ page }) => {
    const { portalId } = await ownerWithSheet(page, { label: 'config-owner' });
    await page.goto('/app/template-config');
    const preview = page.getByTestId('template-preview');
    const card = page.getByTestId('template-preview-card');
    await expect(card.getByText('Maria Gonzalez')).toBeVisible();
    await expect(card.getByText('Waiting for the 1099-B from your broker')).toBeVisible();

    // Edits show at once.
    await page.getByLabel('Portal title').fill('Tax Return Tracker');
    await expect(page.getByTestId('preview-title')).toHaveText('Tax Return Tracker');
    await page.getByRole('checkbox', { name: 'Project notes' }).click();
    await expect(card.getByTestId('card-notes')).toHaveCount(0);
    await page.getByLabel('Example client').selectOption({ label: 'Aiko Tanaka (Completed)' });
    await expect(card.getByText('Aiko Tanaka')).toBeVisible();
    await expect(card.getByText('Completed').first()).toBeVisible();
    await page.getByRole('button', { name: 'Phone' }).click();
    await expect(preview).toHaveAttribute('data-device', 'phone');
    expect((await preview.boundingBox())!.width).toBeLessThanOrEqual(376);
    await page.getByRole('button', { name: 'Search page' }).click();
    await expect(preview.getByText('Find your project')).toBeVisible();
    await page.getByRole('button', { name: 'Result card' }).click();
    await page.getByRole('button', { name: 'Desktop' }).click();
    await shoot(page, 'template-config');
    // On a phone the preview is phone-wide already: no width switch.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('button', { name: 'Phone' })).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Save Template' }).click();
    await expect(page.getByText('Saved!')).toBeVisible();
    const saved = await (await page.request.get(`/api/v1/portals/${portalId}`)).json();
    expect(saved.config).toMatchObject({ title: 'Tax Return Tracker', showNotes: false });
    await page.goto(`/portal/${portalId}`);
    await expect(page.getByRole('heading', { name: 'Tax Return Tracker' })).toBeVisible();
  });

  test("opening a client marks the client's portal updates read", async ({ page }) => {
    const { portalId } = await ownerWithSheet(page, { label: 'config-owner' });
    expect((await apiCall(page, 'patch', `/api/v1/portals/${portalId}`, { config: { allowClientUpdates: true } })).status()).toBe(200);
    const link = await apiCall(page, 'post', `/api/v1/portals/${portalId}/clients/T-1004/access-link`, {});
    const { token } = await link.json();
    const { session } = await (await apiCall(page, 'post', `/api/public/portals/${portalId}/lookup`, { token })).json();
    for (const message of ['I have uploaded the signed form.', 'Can we talk on Friday?']) {
      expect((await apiCall(page, 'post', `/api/public/portals/${portalId}/updates`, { session, message })).status()).toBe(201);
    }
    const before = await (await page.request.get(`/api/v1/portals/${portalId}/updates?unread=true`)).json();
    expect(before.unread).toBe(2);

    // The dashboard counts them, and leads to the client.
    await page.goto('/app/dashboard');
    await expect(page.getByTestId('unread-updates-count')).toHaveText('2 unread');
    await shoot(page, 'dashboard-unread');
    await page.getByTestId('unread-updates-card').getByRole('link', { name: 'Robert Chen' }).click();
    await expect(page).toHaveURL(/\/app\/portals\/clients\/T-1004$/);
    await expect(page.getByTestId('client-update')).toHaveCount(2);
    await expect(page.getByTestId('updates-new-count')).toHaveText('2 new');
    await expect(page.getByTestId('updates-read-state')).toHaveText('New messages were marked as read when you opened this page.');
    await expect.poll(async () => (await (await page.request.get(`/api/v1/portals/${portalId}/updates?unread=true`)).json()).unread).toBe(0);
    await shoot(page, 'client-detail');
    // Opened again: nothing new.
    await page.reload();
    await expect(page.getByTestId('updates-read-state')).toHaveText('All messages are read.');
    await expect(page.getByTestId('updates-new-count')).toHaveCount(0);
    // The dashboard's count dropped: no unread messages, no card.
    await page.goto('/app/dashboard');
    await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    await expect(page.getByTestId('unread-updates-card')).toHaveCount(0);
  });
});
