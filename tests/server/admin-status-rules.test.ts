import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessProfiles } from '../../src/server/db/schema';
import { request } from '../support/sheets';
import { useTestApp, postJson, signUp } from '../support/test-app';
import { businessIdOf, makeAdmin, send } from './admin-support';
import { portalWithClients } from './portal-helpers';

// Back office status rules (issue 17 item 6): a trial business can be suspended; reactivating returns it to what it
// was (trial with its end date, or active); a suspension undone is no business lost; Recent Activity reads as
// sentences, never raw keys.

let admin: Awaited<ReturnType<typeof makeAdmin>>;
const t = useTestApp();
beforeAll(async () => {
  admin = await makeAdmin(t);
});

const profileOf = async (id: string) => (await t.app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.id, id)))[0]!;
const detail = async (id: string) => (await send(t.app, 'GET', `/api/admin/businesses/${id}`, admin.cookie)).json();

describe('suspend and reactivate', () => {
  it('suspends a trial business and reactivates it to its trial with the same end date', async () => {
    const owner = await signUp(t.app, { companyName: 'Trial Suspended Co' });
    const id = await businessIdOf(t, owner.user.id);
    const before = await profileOf(id);
    expect(before.status).toBe('trial');

    expect((await send(t.app, 'POST', `/api/admin/businesses/${id}/status`, admin.cookie, { status: 'suspended' })).statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ status: 'suspended', statusBeforeSuspension: 'trial' });
    // Suspended: no sign-in.
    expect((await postJson(t.app, '/api/auth/sign-in/email', { email: owner.body.email, password: owner.body.password })).statusCode).not.toBe(200);

    const back = await send(t.app, 'POST', `/api/admin/businesses/${id}/reactivate`, admin.cookie);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({ status: 'trial' });
    const after = await profileOf(id);
    expect(after).toMatchObject({ status: 'trial', statusBeforeSuspension: null });
    expect(after.trialEndsAt?.toISOString()).toBe(before.trialEndsAt?.toISOString());
    expect((await postJson(t.app, '/api/auth/sign-in/email', { email: owner.body.email, password: owner.body.password })).statusCode).toBe(200);
  });

  it('reactivates an active business to active, and a business suspended before this was recorded to active', async () => {
    const owner = await signUp(t.app, { companyName: 'Active Suspended Co' });
    const id = await businessIdOf(t, owner.user.id);
    await send(t.app, 'POST', `/api/admin/businesses/${id}/status`, admin.cookie, { status: 'active' });
    await send(t.app, 'POST', `/api/admin/businesses/${id}/status`, admin.cookie, { status: 'suspended' });
    expect((await send(t.app, 'POST', `/api/admin/businesses/${id}/reactivate`, admin.cookie)).json()).toEqual({ status: 'active' });

    await t.app.ctx.db.update(businessProfiles).set({ status: 'suspended', statusBeforeSuspension: null }).where(eq(businessProfiles.id, id));
    expect((await send(t.app, 'POST', `/api/admin/businesses/${id}/reactivate`, admin.cookie)).json()).toEqual({ status: 'active' });
  });

  it('a suspension made in the edit form is remembered too; reactivating what is not suspended is 409', async () => {
    const owner = await signUp(t.app, { companyName: 'Edited Suspended Co' });
    const id = await businessIdOf(t, owner.user.id);
    const d = await detail(id);
    const input = { companyName: d.companyName, ownerName: d.ownerName, email: d.email, phone: d.phone, plan: d.plan, timeZone: d.timeZone };
    expect((await send(t.app, 'PUT', `/api/admin/businesses/${id}`, admin.cookie, { ...input, status: 'suspended' })).statusCode).toBe(200);
    expect((await detail(id)).statusBeforeSuspension).toBe('trial');
    expect((await send(t.app, 'POST', `/api/admin/businesses/${id}/reactivate`, admin.cookie)).json()).toEqual({ status: 'trial' });
    const again = await send(t.app, 'POST', `/api/admin/businesses/${id}/reactivate`, admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('not_suspended');
    expect((await send(t.app, 'POST', '/api/admin/businesses/nope/reactivate', admin.cookie)).statusCode).toBe(404);
  });

  it('only operators reactivate', async () => {
    const owner = await signUp(t.app, { companyName: 'Not An Operator Co' });
    const id = await businessIdOf(t, owner.user.id);
    expect((await send(t.app, 'POST', `/api/admin/businesses/${id}/reactivate`, owner.cookie)).statusCode).toBe(403);
  });
});

describe('businesses lost', () => {
  it('a suspension and its reactivation count no business lost; a suspension that lasts counts one', async () => {
    const lost = async () => (await send(t.app, 'GET', '/api/admin/analytics?days=7', admin.cookie)).json().current.churned as number;
    const start = await lost();
    const owner = await signUp(t.app, { companyName: 'Back Again Co' });
    const id = await businessIdOf(t, owner.user.id);
    await send(t.app, 'POST', `/api/admin/businesses/${id}/status`, admin.cookie, { status: 'suspended' });
    expect(await lost()).toBe(start + 1);
    await send(t.app, 'POST', `/api/admin/businesses/${id}/reactivate`, admin.cookie);
    expect(await lost()).toBe(start);
  });
});

describe('Recent Activity', () => {
  it('reads as sentences, never raw event keys', async () => {
    const owner = await portalWithClients(t.app, { companyName: 'Sentence Co' });
    const clients = (await request(t.app, 'GET', `/api/v1/portals/${owner.portalId}/clients`, owner.cookie)).json().clients as { clientId: string }[];
    const moved = await request(t.app, 'PUT', `/api/v1/portals/${owner.portalId}/clients/${encodeURIComponent(clients[1]!.clientId)}/queue-position`, owner.cookie, { position: 1 });
    expect(moved.statusCode).toBe(200);
    const id = await businessIdOf(t, owner.user.id);
    await send(t.app, 'POST', `/api/admin/businesses/${id}/status`, admin.cookie, { status: 'suspended' });

    const dashboard = (await send(t.app, 'GET', '/api/admin/dashboard', admin.cookie)).json();
    const lines = dashboard.recentActivity.map((a: { description: string }) => a.description) as string[];
    expect(lines).toContain(`${admin.email} suspended Sentence Co (was trial)`);
    expect(lines).toContain(`${owner.body.email} moved a client to position 1 in the queue of Sentence Co`);
    for (const line of lines) expect(line).not.toMatch(/\b(auth|admin|client|portal|business|email|inbox|billing)\.[a-z_]+/);
    const labels = dashboard.recentActivity.map((a: { label: string }) => a.label) as string[];
    for (const label of labels) expect(label).not.toMatch(/[._]/);
  });
});
