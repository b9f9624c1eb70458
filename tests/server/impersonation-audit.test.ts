import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { activityEvents, sessions, users } from '../../src/server/db/schema';
import { useTestApp, postJson, signUp } from '../support/test-app';
import { businessIdOf, latestCookies, makeAdmin, send } from './admin-support';

// Issue 25 item 6, security item 12: everything done during "Login as this business", on any route (better-auth's
// /api/auth/* included), is in the activity log with the operator's name.

const t = useTestApp();

function mergeCookies(jar: string, update: string): string {
  const map = new Map<string, string>();
  for (const part of [...jar.split('; '), ...update.split('; ')].filter(Boolean)) map.set(part.slice(0, part.indexOf('=')), part);
  return [...map.values()].join('; ');
}

describe('an operator signed in as a business', () => {
  it("renaming the owner and ending the owner's sessions through /api/auth/* are recorded, naming the operator", async () => {
    const op = await makeAdmin(t);
    await t.app.ctx.db.update(users).set({ name: 'Olivia Operator' }).where(eq(users.id, op.id));
    const owner = await signUp(t.app, { companyName: 'Audited Co' });
    const id = await businessIdOf(t, owner.user.id);
    const start = await send(t.app, 'POST', `/api/admin/businesses/${id}/impersonate`, op.cookie, {});
    expect(start.statusCode).toBe(200);
    const browser = mergeCookies(op.cookie, latestCookies(start));
    const rowsBefore = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.businessId, id));

    expect((await send(t.app, 'POST', '/api/auth/update-user', browser, { name: 'Renamed By Support' })).statusCode).toBe(200);
    expect((await send(t.app, 'POST', '/api/auth/revoke-other-sessions', browser, {})).statusCode).toBe(200);
    // A refused attempt is an act too.
    expect((await send(t.app, 'POST', '/api/auth/update-user', browser, { name: '' })).statusCode).toBe(400);
    // A change that writes its own row is not recorded twice; reading writes nothing.
    expect((await send(t.app, 'POST', '/api/v1/portals', browser, { name: 'Support portal' })).statusCode).toBe(201);
    expect((await send(t.app, 'GET', '/api/v1/portals', browser)).statusCode).toBe(200);

    // Written after each answer: wait until the third is there.
    const newRows = async () => (await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.businessId, id))).slice(rowsBefore.length);
    await vi.waitFor(async () => expect((await newRows()).filter((r) => r.type === 'admin.impersonated_action')).toHaveLength(3));
    const rows = await newRows();
    const made = rows.filter((r) => r.type === 'admin.impersonated_action');
    expect(made.map((r) => [r.detail.path, r.detail.status])).toEqual([
      ['/api/auth/update-user', 200],
      ['/api/auth/revoke-other-sessions', 200],
      ['/api/auth/update-user', 400],
    ]);
    for (const r of [...made, ...rows.filter((r) => r.type === 'portal.created')]) {
      expect(r).toMatchObject({ actorUserId: owner.user.id, detail: { impersonatedBy: op.id, operatorName: 'Olivia Operator' } });
    }
    expect(rows.filter((r) => r.type === 'portal.created')).toHaveLength(1);
    // The owner's own session was ended by the operator's request; the impersonation session lives on.
    const left = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, owner.user.id));
    expect(left.map((s) => s.impersonatedBy)).toEqual([op.id]);

    const log = (await send(t.app, 'GET', `/api/admin/activity?type=admin.impersonated_action&businessId=${id}`, op.cookie)).json();
    expect(log.items.map((i: { description: string }) => i.description)).toContain(
      `Ended the owner's other sessions for Audited Co (POST /api/auth/revoke-other-sessions, answered 200), done by Olivia Operator (${op.email}) signed in as the business`,
    );
  });

  it("the owner's own requests add no such row", async () => {
    const owner = await signUp(t.app, { companyName: 'Own Co' });
    const id = await businessIdOf(t, owner.user.id);
    expect((await postJson(t.app, '/api/auth/update-user', { name: 'Me Myself' }, owner.cookie)).statusCode).toBe(200);
    const rows = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.businessId, id));
    expect(rows.filter((r) => r.type === 'admin.impersonated_action')).toHaveLength(0);
  });
});
