import { beforeAll, describe, expect, it, vi } from 'vitest';
import { liftBusinessApiLimits, request } from '../support/sheets';
import { useTestApp } from '../support/test-app';
import { accessToken, lookup, portalWithClients, sendUpdate } from './portal-helpers';

// The Template Configurator's sample card (issue 6 item 8) and client updates marked read (item 3).

const t = useTestApp();
beforeAll(async () => {
  await liftBusinessApiLimits(t.app);
});

describe('card preview', () => {
  it("answers the portal's card for a real client with every part, even those the portal hides", async () => {
    const p = await portalWithClients(t.app, { config: { showNotes: false, showPriority: false, showEstimatedCompletion: false, showProgressBar: false } });
    const first = await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/card-preview`, p.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toMatchObject({
      clientId: 'T-1001',
      card: { name: 'Maria Gonzalez', email: 'maria.gonzalez@example.com', status: 'In Progress', queueState: 'queued', notes: 'Waiting for the 1099-B from your broker', dueDate: '2026-12-15' },
    });
    const card = first.json().card;
    expect(card).toHaveProperty('position');
    expect(card).toHaveProperty('estimatedCompletion');
    expect(card).toHaveProperty('progress');
    expect(card.badge).toMatchObject({ tone: 'blue' });

    const chosen = await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/card-preview?clientId=T-1003`, p.cookie);
    expect(chosen.json()).toMatchObject({ clientId: 'T-1003', card: { name: 'Aiko Tanaka', queueState: 'completed' } });
    expect((await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/card-preview?clientId=nobody`, p.cookie)).statusCode).toBe(404);
  });

  it("is scoped to the business and says when the portal has no clients", async () => {
    const p = await portalWithClients(t.app);
    const other = await portalWithClients(t.app);
    expect((await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/card-preview`, other.cookie)).statusCode).toBe(404);
    expect((await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/card-preview?clientId=T-1001`, other.cookie)).statusCode).toBe(404);
    const empty = await request(t.app, 'POST', '/api/v1/portals', p.cookie, { name: 'Empty' });
    const none = await request(t.app, 'GET', `/api/v1/portals/${empty.json().portalId}/card-preview`, p.cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('no_clients');
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/portals/${p.portalId}/card-preview` })).statusCode).toBe(401);
  });
});

describe('client updates marked read', () => {
  it('drops the unread counts of the client and the portal; another business gets 404', async () => {
    const p = await portalWithClients(t.app, { config: { allowClientUpdates: true } });
    const token = await accessToken(t.app, p.cookie, p.portalId, 'T-1002');
    const { session } = (await lookup(t.app, p.portalId, { token })).json();
    expect((await sendUpdate(t.app, p.portalId, { session, message: 'First question' })).statusCode).toBe(201);
    expect((await sendUpdate(t.app, p.portalId, { session, message: 'Second question' })).statusCode).toBe(201);
    await vi.waitFor(() => expect(t.mails.filter((m) => /New message/.test(m.subject)).length).toBeGreaterThanOrEqual(2));

    const base = `/api/v1/portals/${p.portalId}/clients/T-1002/updates`;
    expect((await request(t.app, 'GET', base, p.cookie)).json().unread).toBe(2);
    expect((await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/updates?unread=true`, p.cookie)).json()).toMatchObject({ unread: 2 });

    const other = await portalWithClients(t.app);
    expect((await request(t.app, 'POST', `${base}/read`, other.cookie, {})).statusCode).toBe(404);
    expect((await request(t.app, 'GET', base, p.cookie)).json().unread).toBe(2);

    const ids = (await request(t.app, 'GET', base, p.cookie)).json().updates.map((u: { id: string }) => u.id) as string[];
    expect((await request(t.app, 'POST', `${base}/read`, p.cookie, { ids: [ids[0]] })).json()).toEqual({ marked: 1 });
    expect((await request(t.app, 'GET', base, p.cookie)).json().unread).toBe(1);
    expect((await request(t.app, 'POST', `${base}/read`, p.cookie, {})).json()).toEqual({ marked: 1 });
    const after = (await request(t.app, 'GET', base, p.cookie)).json();
    expect(after.unread).toBe(0);
    expect(after.updates.every((u: { readAt: string | null }) => u.readAt !== null)).toBe(true);
    expect((await request(t.app, 'GET', `/api/v1/portals/${p.portalId}/updates?unread=true`, p.cookie)).json()).toEqual({ unread: 0, updates: [] });
    // Marking again changes nothing.
    expect((await request(t.app, 'POST', `${base}/read`, p.cookie, {})).json()).toEqual({ marked: 0 });
  });
});
