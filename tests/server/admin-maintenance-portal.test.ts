import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../../src/server/plugins/web-app';
import { lookup, portalWithClients, publicConfig } from './portal-helpers';
import { tmpDir } from '../support/test-database';
import { TEST_ORIGIN, useTestApp } from '../support/test-app';
import { makeAdmin, saveSettings, send } from './admin-support';

// Maintenance mode and the public client portal (issue 8, item 5): the portal page (portal.html) is still served, so
// it can show the maintenance page; the portal's API answers 503 'maintenance' to everyone but operators.

let webRoot: string;
beforeAll(() => {
  // A stand-in web build: the two entries the server serves.
  webRoot = tmpDir('web-maintenance');
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>app</title><div id="root" data-entry="app"></div>');
  fs.writeFileSync(path.join(webRoot, 'portal.html'), '<!doctype html><title>portal</title><div id="root" data-entry="portal"></div>');
});
afterAll(() => {
  fs.rmSync(webRoot, { recursive: true, force: true });
});
const t = useTestApp({}, { beforeReady: (app) => registerWebApp(app, webRoot) });

describe('maintenance mode and the client portal', () => {
  it('serves the portal page, answers its API with 503 maintenance (operators excepted), and recovers when it ends', async () => {
    const admin = await makeAdmin(t);
    const owner = await portalWithClients(t.app, { companyName: 'Harbour Tax' });
    const email = 'maria.gonzalez@example.com';
    expect((await publicConfig(t.app, owner.portalId)).statusCode).toBe(200);
    expect((await lookup(t.app, owner.portalId, { query: email })).statusCode).toBe(200);

    expect((await saveSettings(t, admin.cookie, { general: { maintenanceMode: true, platformName: 'ClientDesk' } })).statusCode).toBe(200);

    // The page itself: portal.html (never the app's index.html), not cached, so the maintenance page can show.
    const page = await t.app.inject({ url: `/portal/${owner.portalId}?email=${encodeURIComponent(email)}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('data-entry="portal"');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['referrer-policy']).toBe('no-referrer');

    // What the page asks: its configuration and a lookup answer 503 'maintenance' with Retry-After...
    const config = await publicConfig(t.app, owner.portalId);
    expect(config.statusCode).toBe(503);
    expect(config.headers['retry-after']).toBe('300');
    expect(config.json()).toEqual({ error: { code: 'maintenance', message: 'The platform is down for maintenance. Please try again later.' } });
    const found = await lookup(t.app, owner.portalId, { query: email });
    expect(found.statusCode).toBe(503);
    expect(found.json().error.code).toBe('maintenance');
    expect(found.body).not.toContain('Gonzalez');
    const update = await t.app.inject({
      method: 'POST',
      url: `/api/public/portals/${owner.portalId}/updates`,
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ session: 'x'.repeat(43), message: 'Hello' }),
    });
    expect(update.statusCode).toBe(503);
    // ...and the maintenance state the page shows (and polls) stays open, with the platform's name.
    const state = await t.app.inject({ url: '/api/public/maintenance' });
    expect(state.statusCode).toBe(200);
    expect(state.headers['cache-control']).toBe('no-store');
    expect(state.json()).toEqual({ maintenanceMode: true, message: 'The platform is down for maintenance. Please try again later.', platformName: 'ClientDesk' });

    // An operator still sees the portal.
    expect((await send(t.app, 'GET', `/api/public/portals/${owner.portalId}`, admin.cookie)).statusCode).toBe(200);

    // Maintenance over: the portal answers again.
    expect((await saveSettings(t, admin.cookie, { general: { maintenanceMode: false } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/public/maintenance' })).json()).toMatchObject({ maintenanceMode: false, platformName: 'StatusLink' });
    expect((await publicConfig(t.app, owner.portalId)).statusCode).toBe(200);
    expect((await lookup(t.app, owner.portalId, { query: email })).statusCode).toBe(200);
  });
});
