import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postCsv, request } from '../support/sheets';
import { createTestApp, type TestApp } from '../support/test-app';
import { accessToken, lookup, NOT_FOUND, portalWithClients, sendUpdate } from './portal-helpers';

// A sheet without an id column keys its clients by row (client_{row}, spec 5). Deleting a row gives the next
// person the deleted client's id: an access link or a card session must then open nothing, never their card
// (D3; guides/security.md 24-25).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const withoutIds = 'Name,Email,Status\nAlice Able,alice@example.com,In Progress\nBob Baker,bob@example.com,Pending\nCarol Cole,carol@example.com,Review\n';
const aliceDeleted = 'Name,Email,Status\nBob Baker,bob@example.com,Pending\nCarol Cole,carol@example.com,Review\n';

describe('a client id that passes to another person', () => {
  it("does not carry Alice's access link or card session over to Bob when her row is deleted", async () => {
    const o = await portalWithClients(t.app, { csv: withoutIds, config: { allowClientUpdates: true } });
    expect((await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/clients/client_2`, o.cookie)).json().name).toBe('Alice Able');
    const token = await accessToken(t.app, o.cookie, o.portalId, 'client_2');
    const opened = await lookup(t.app, o.portalId, { token });
    expect(opened.json().client.name).toBe('Alice Able');
    const session = opened.json().session as string;

    // Alice's row goes; Bob is now row 2, so client_2.
    const res = await postCsv(t.app, `/api/v1/portals/${o.portalId}/import?confirmDrop=true`, o.cookie, aliceDeleted);
    expect(res.statusCode).toBe(200);
    expect((await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/clients/client_2`, o.cookie)).json().name).toBe('Bob Baker');

    // Her link opens nothing (the uniform miss), and the business sees it as inactive.
    const byLink = await lookup(t.app, o.portalId, { token });
    expect(byLink.statusCode).toBe(404);
    expect(byLink.json()).toEqual(NOT_FOUND);
    const state = await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/clients/client_2/access-link`, o.cookie);
    expect(state.json()).toMatchObject({ active: false });
    // Her card session has ended: no refresh of Bob's card, no update sent in his name.
    const bySession = await lookup(t.app, o.portalId, { session });
    expect(bySession.statusCode).toBe(401);
    expect(bySession.json().error.code).toBe('session_expired');
    const update = await sendUpdate(t.app, o.portalId, { session, message: 'Written by Alice' });
    expect(update.statusCode).toBe(401);
    const updates = await request(t.app, 'GET', `/api/v1/portals/${o.portalId}/clients/client_2/updates`, o.cookie);
    expect(updates.json().updates).toEqual([]);

    // A new link for client_2 is Bob's, and opens his card.
    const bobs = await accessToken(t.app, o.cookie, o.portalId, 'client_2');
    expect((await lookup(t.app, o.portalId, { token: bobs })).json().client.name).toBe('Bob Baker');
  });

  it('keeps a link and a session working through syncs that keep the client at its id', async () => {
    const o = await portalWithClients(t.app, { csv: withoutIds });
    const token = await accessToken(t.app, o.cookie, o.portalId, 'client_3');
    const session = (await lookup(t.app, o.portalId, { token })).json().session as string;
    const changed = withoutIds.replace('Bob Baker,bob@example.com,Pending', 'Bob Baker,bob@example.com,Completed');
    expect((await postCsv(t.app, `/api/v1/portals/${o.portalId}/import`, o.cookie, changed)).statusCode).toBe(200);
    expect((await lookup(t.app, o.portalId, { token })).json().client).toMatchObject({ name: 'Bob Baker', status: 'Completed' });
    expect((await lookup(t.app, o.portalId, { session })).json().client).toMatchObject({ name: 'Bob Baker', status: 'Completed' });
  });
});
