import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultPlatformSettings } from '../../src/core/validation/admin-settings';
import { businessProfiles, contactMessages, waitlistEntries } from '../../src/server/db/schema';
import { runLifecycleEmails } from '../../src/server/jobs/lifecycle-emails';
import { emailTemplateCatalog, emailTemplateKeys } from '../../src/server/services/email-templates/catalog';
import { renderEmail, sampleValues } from '../../src/server/services/email-templates/render';
import { useTestApp, postJson, signUp } from '../support/test-app';
import { makeAdmin, saveSettings, send } from './admin-support';
import { accessToken, lookup, portalWithClients, sendUpdate } from './portal-helpers';

let admin: Awaited<ReturnType<typeof makeAdmin>>;
const t = useTestApp();
beforeAll(async () => {
  admin = await makeAdmin(t);
});

describe('template rendering', () => {
  it('fills the placeholders of every template, adds the footer and escapes values in the HTML', () => {
    for (const key of emailTemplateKeys) {
      const mail = renderEmail(emailTemplateCatalog[key], sampleValues(key, defaultPlatformSettings), defaultPlatformSettings);
      expect(mail.subject, key).not.toMatch(/\{\{/);
      expect(mail.text, key).not.toMatch(/\{\{/);
      expect(mail.text.endsWith('Sent by StatusLink.'), key).toBe(true);
    }
    const mail = renderEmail(
      { subject: 'Hi {{ownerName}}', body: 'Dear {{ownerName}} of {{companyName}},\n\n{{link}}\n\n{{unknown}} stays' },
      { ownerName: '<b>Eve</b>', companyName: 'A & B', link: 'https://x.example/a?b=1&c=2' },
      defaultPlatformSettings,
    );
    expect(mail.subject).toBe('Hi <b>Eve</b>');
    expect(mail.text).toContain('Dear <b>Eve</b> of A & B,');
    expect(mail.text).toContain('{{unknown}} stays');
    expect(mail.html).toContain('Dear &lt;b&gt;Eve&lt;/b&gt; of A &amp; B,');
    expect(mail.html).toContain('href="https://x.example/a?b=1&amp;c=2"');
  });
});

describe('email template routes', () => {
  it('lists, saves, previews, test-sends and resets a template', async () => {
    const list = (await send(t.app, 'GET', '/api/admin/email-templates', admin.cookie)).json();
    expect(list.templates.map((x: { key: string }) => x.key)).toEqual([...emailTemplateKeys]);
    const welcome = list.templates.find((x: { key: string }) => x.key === 'welcome');
    expect(welcome).toMatchObject({ name: 'Welcome', isDefault: true });
    expect(welcome.placeholders).toEqual(expect.arrayContaining(['platformName', 'ownerName', 'companyName', 'link']));

    const bad = await send(t.app, 'PUT', '/api/admin/email-templates/welcome', admin.cookie, { subject: 'Hi {{nope}}', body: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Unknown placeholder: {{nope}}');

    const draft = { subject: 'Hello {{ownerName}} from {{platformName}}', body: 'Welcome aboard, {{companyName}}!\n\n{{link}}' };
    const preview = (await send(t.app, 'POST', '/api/admin/email-templates/welcome/preview', admin.cookie, draft)).json();
    expect(preview.subject).toBe('Hello Dana Owner from StatusLink');
    expect(preview.text).toContain('Welcome aboard, Owner & Co Tax!');
    expect(preview.unknownPlaceholders).toEqual([]);

    const test = await send(t.app, 'POST', '/api/admin/email-templates/welcome/test', admin.cookie, draft);
    expect(test.json().sentTo).toBe(admin.email);
    expect(t.mails.at(-1)).toMatchObject({ to: admin.email, subject: '[Test] Hello Dana Owner from StatusLink' });

    expect((await send(t.app, 'PUT', '/api/admin/email-templates/welcome', admin.cookie, draft)).statusCode).toBe(200);
    const saved = (await send(t.app, 'GET', '/api/admin/email-templates', admin.cookie)).json().templates.find((x: { key: string }) => x.key === 'welcome');
    expect(saved).toMatchObject({ subject: draft.subject, isDefault: false });

    // The welcome e-mail at sign-up now uses the saved text.
    const { body } = await signUp(t.app, { name: 'Nora New', companyName: 'Nora & Sons' });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(body.email);
    expect(mail.subject).toBe('Hello Nora New from StatusLink');
    expect(mail.text).toContain('Welcome aboard, Nora & Sons!');

    expect((await send(t.app, 'DELETE', '/api/admin/email-templates/welcome', admin.cookie)).statusCode).toBe(200);
    const reset = (await send(t.app, 'GET', '/api/admin/email-templates', admin.cookie)).json().templates.find((x: { key: string }) => x.key === 'welcome');
    expect(reset.isDefault).toBe(true);
  });

  it('sends the password reset e-mail from its template', async () => {
    expect(
      (await send(t.app, 'PUT', '/api/admin/email-templates/password_reset', admin.cookie, {
        subject: 'New password for {{platformName}}',
        body: 'Hi {{name}}, pick a new password:\n\n{{link}}',
      })).statusCode,
    ).toBe(200);
    const { body } = await signUp(t.app, { name: 'Rita Reset' });
    await postJson(t.app, '/api/auth/request-password-reset', { email: body.email, redirectTo: '/reset-password' });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(body.email);
    expect(mail.subject).toBe('New password for StatusLink');
    expect(mail.text).toMatch(/^Hi Rita Reset, pick a new password:\n\nhttp:\/\/localhost:3000\/reset-password\?token=[\w-]+/);
  });

  it('e-mails the owner a client’s portal message from the client update template, replying to the client', async () => {
    expect(
      (await send(t.app, 'PUT', '/api/admin/email-templates/client_update', admin.cookie, {
        subject: '{{clientName}} wrote to you',
        body: 'Dear {{ownerName}},\n\n{{message}}\n\n{{link}}',
      })).statusCode,
    ).toBe(200);
    const p = await portalWithClients(t.app, { config: { allowClientUpdates: true } });
    const token = await accessToken(t.app, p.cookie, p.portalId, 'T-1001');
    const { session } = (await lookup(t.app, p.portalId, { token })).json();
    expect((await sendUpdate(t.app, p.portalId, { session, message: 'The signed form is in the post.' })).statusCode).toBe(201);
    await vi.waitFor(() => expect(t.mails.some((m) => m.to === p.body.email && m.subject === 'Maria Gonzalez wrote to you')).toBe(true));
    const mail = t.mails.find((m) => m.to === p.body.email && m.subject === 'Maria Gonzalez wrote to you')!;
    expect(mail.text).toMatch(/^Dear .+,\n\nThe signed form is in the post\.\n\nhttp:\/\/localhost:3000\/app\/portals/);
    expect(mail.replyTo).toBe('maria.gonzalez@example.com');
  });
});

describe('trial e-mails job', () => {
  it('sends the trial-ending reminder the configured days before the end, once, and the trial-ended e-mail when enabled', async () => {
    expect((await saveSettings(t, admin.cookie, { email: { trialEndingReminderDays: 3, trialEndedEmailEnabled: true } })).statusCode).toBe(200);
    const now = new Date();
    const soon = await signUp(t.app, { companyName: 'Soon Ends' });
    const later = await signUp(t.app, { companyName: 'Later Ends' });
    const ended = await signUp(t.app, { companyName: 'Ended Co' });
    const set = (userId: string, trialEndsAt: Date) => t.app.ctx.db.update(businessProfiles).set({ trialEndsAt }).where(eq(businessProfiles.userId, userId));
    await set(soon.user.id, new Date(now.getTime() + 2.5 * 86_400_000));
    await set(later.user.id, new Date(now.getTime() + 5 * 86_400_000));
    await set(ended.user.id, new Date(now.getTime() - 3_600_000));

    const before = t.mails.length;
    // Two instances running the job at once send each e-mail once.
    const [r1, r2] = await Promise.all([runLifecycleEmails(t.app.ctx, now), runLifecycleEmails(t.app.ctx, now)]);
    expect(r1.trialEnding + r2.trialEnding).toBe(1);
    expect(r1.trialEnded + r2.trialEnded).toBe(1);
    const sent = t.mails.slice(before);
    expect(sent).toHaveLength(2);
    const ending = sent.find((m) => m.to === soon.body.email)!;
    expect(ending.subject).toBe('Your StatusLink trial ends in 3 days');
    expect(ending.text).toContain('The free trial of Soon Ends on StatusLink ends on');
    expect(sent.find((m) => m.to === ended.body.email)!.subject).toBe('Your StatusLink trial has ended');
    expect(sent.some((m) => m.to === later.body.email)).toBe(false);

    // Run again: nothing new.
    await runLifecycleEmails(t.app.ctx, now);
    expect(t.mails.length).toBe(before + 2);

    // Reminder off (0) and trial-ended off: nothing is sent.
    await saveSettings(t, admin.cookie, { email: { trialEndingReminderDays: 0, trialEndedEmailEnabled: false } });
    await set(later.user.id, new Date(now.getTime() + 86_400_000));
    await runLifecycleEmails(t.app.ctx, now);
    expect(t.mails.length).toBe(before + 2);
    // Reminder on again: the later business, now a day from its end, gets it.
    await saveSettings(t, admin.cookie, { email: { trialEndingReminderDays: 3 } });
    await runLifecycleEmails(t.app.ctx, now);
    expect(t.mails.at(-1)!.to).toBe(later.body.email);
    expect(t.mails.at(-1)!.subject).toBe('Your StatusLink trial ends in 1 day');
  });
});

describe('inbox', () => {
  it('lists contact messages and waitlist sign-ups and marks them handled or new', async () => {
    const [msg] = await t.app.ctx.db
      .insert(contactMessages)
      .values({ name: 'Vera Visitor', email: 'vera@example.com', message: 'Do you integrate with Excel?', interest: 'pricing' })
      .returning();
    const [entry] = await t.app.ctx.db.insert(waitlistEntries).values({ email: 'wait@example.com', feature: 'sms-alerts' }).returning();

    const contact = (await send(t.app, 'GET', '/api/admin/inbox/contact', admin.cookie)).json();
    expect(contact.items[0]).toMatchObject({ id: msg!.id, name: 'Vera Visitor', status: 'new', interest: 'pricing', handledAt: null });
    expect(contact.items[0]).not.toHaveProperty('ipAddress');
    expect(contact.newCount).toBe(1);
    const waitlist = (await send(t.app, 'GET', '/api/admin/inbox/waitlist', admin.cookie)).json();
    expect(waitlist.items[0]).toMatchObject({ id: entry!.id, email: 'wait@example.com', feature: 'sms-alerts', status: 'new' });

    expect((await send(t.app, 'PATCH', `/api/admin/inbox/contact/${msg!.id}`, admin.cookie, { status: 'handled' })).statusCode).toBe(200);
    expect((await send(t.app, 'PATCH', `/api/admin/inbox/waitlist/${entry!.id}`, admin.cookie, { status: 'handled' })).statusCode).toBe(200);
    const handled = (await send(t.app, 'GET', '/api/admin/inbox/contact?status=handled', admin.cookie)).json();
    expect(handled.items[0]).toMatchObject({ id: msg!.id, status: 'handled' });
    expect(handled.items[0].handledAt).not.toBeNull();
    expect((await send(t.app, 'GET', '/api/admin/inbox/contact?status=new', admin.cookie)).json().items).toHaveLength(0);
    expect((await send(t.app, 'GET', '/api/admin/inbox/waitlist', admin.cookie)).json().newCount).toBe(0);
    expect((await send(t.app, 'PATCH', `/api/admin/inbox/contact/${msg!.id}`, admin.cookie, { status: 'new' })).statusCode).toBe(200);
    expect((await send(t.app, 'PATCH', '/api/admin/inbox/contact/00000000-0000-4000-8000-000000000000', admin.cookie, { status: 'new' })).statusCode).toBe(404);
    expect((await send(t.app, 'PATCH', '/api/admin/inbox/contact/not-a-uuid', admin.cookie, { status: 'new' })).statusCode).toBe(400);
  });
});
