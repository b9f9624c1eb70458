import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityEvents, contactMessages, platformSettings, waitlistEntries } from '../../src/server/db/schema';
import { startTestApp, useTestApp, nextIp, postJson, TEST_ORIGIN } from '../support/test-app';

const t = useTestApp({ SALES_EMAIL: 'sales-env@statuslink.test' });

const contact = (overrides: Record<string, unknown> = {}) => ({
  name: 'Priya Raman',
  email: 'priya@raman-tax.example',
  company: 'Raman Tax Services',
  phone: '+1 555 0142',
  interest: 'demo',
  message: 'We file about 400 returns a season. Could we see a demo with our own sheet?',
  ...overrides,
});

function postFrom(ip: string, url: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

describe('POST /api/public/contact', () => {
  it('stores the message, records activity and e-mails the sales address', async () => {
    const before = t.mails.length;
    const res = await postJson(t.app, '/api/public/contact', contact());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });

    const rows = await t.app.ctx.db.select().from(contactMessages).where(eq(contactMessages.email, 'priya@raman-tax.example'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Priya Raman',
      company: 'Raman Tax Services',
      phone: '+1 555 0142',
      interest: 'demo',
      status: 'new',
      message: contact().message,
    });
    expect(rows[0]!.ipAddress).toBeTruthy();

    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.type, 'inbox.contact_message'));
    expect(events.some((e) => e.detail.messageId === rows[0]!.id)).toBe(true);

    const mail = t.mails[before]!;
    expect(mail.to).toBe('sales-env@statuslink.test');
    expect(mail.replyTo).toBe('priya@raman-tax.example');
    expect(mail.subject).toBe('Demo request: new message from Priya Raman');
    expect(mail.text).toContain('Raman Tax Services');
    expect(mail.text).toContain(contact().message);
    expect(mail.fromName).toBe('StatusLink');
  });

  it('prefers the sales address from the platform settings and escapes the HTML body', async () => {
    const data = { general: { salesEmail: 'sales@platform.example' } };
    await t.app.ctx.db.insert(platformSettings).values({ id: 1, data }).onConflictDoUpdate({ target: platformSettings.id, set: { data } });
    t.app.ctx.settings.invalidate();
    try {
      const before = t.mails.length;
      const res = await postJson(t.app, '/api/public/contact', contact({ name: 'Eve\nBcc: x@evil.example', message: '<script>alert(1)</script>' }));
      expect(res.statusCode).toBe(201);
      const mail = t.mails[before]!;
      expect(mail.to).toBe('sales@platform.example');
      expect(mail.subject).toBe('Demo request: new message from Eve Bcc: x@evil.example');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.html).not.toContain('<script>');
    } finally {
      await t.app.ctx.db.delete(platformSettings).where(eq(platformSettings.id, 1));
      t.app.ctx.settings.invalidate();
    }
  });

  it.each([
    [{ name: '' }, 'Please fill in all required fields.'],
    [{ name: '   ' }, 'Please fill in all required fields.'],
    [{ email: '' }, 'Please fill in all required fields.'],
    [{ message: '' }, 'Please fill in all required fields.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
  ])('refuses %j with the spec message', async (overrides, message) => {
    const res = await postJson(t.app, '/api/public/contact', contact(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', message });
  });

  it('refuses a missing field and an unknown interest', async () => {
    const { name: _name, ...withoutName } = contact();
    const missing = await postJson(t.app, '/api/public/contact', withoutName);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Please fill in all required fields.');
    const interest = await postJson(t.app, '/api/public/contact', contact({ interest: 'lunch' }));
    expect(interest.statusCode).toBe(400);
  });

  it('refuses a foreign origin and a plain form post', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/public/contact',
      remoteAddress: nextIp(),
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify(contact()),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('invalid_origin');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/public/contact',
      remoteAddress: nextIp(),
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=a&email=a%40b.co&message=hi',
    });
    expect(form.statusCode).toBe(415);
  });

  it('limits each address to 5 messages a minute (429 with Retry-After)', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 5; i += 1) {
      expect((await postFrom(ip, '/api/public/contact', contact({ email: `burst${i}@example.com` }))).statusCode).toBe(201);
    }
    const limited = await postFrom(ip, '/api/public/contact', contact());
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('rate_limited');
    // Another address is not affected.
    expect((await postFrom('10.77.0.2', '/api/public/contact', contact())).statusCode).toBe(201);
  });

  it('still stores the message when no sales address is configured', async () => {
    const s = await startTestApp();
    const res = await postJson(s.app, '/api/public/contact', contact({ email: 'nobody-listening@example.com' }));
    expect(res.statusCode).toBe(201);
    expect(s.mails).toHaveLength(0);
    const rows = await s.app.ctx.db.select().from(contactMessages);
    expect(rows.map((r) => r.email)).toEqual(['nobody-listening@example.com']);
  });
});

describe('POST /api/public/waitlist', () => {
  it('stores an entry once per e-mail and feature, and answers the same the second time', async () => {
    const first = await postJson(t.app, '/api/public/waitlist', { email: 'Sam@Example.com ', feature: 'two-way-sync' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ ok: true });
    const again = await postJson(t.app, '/api/public/waitlist', { email: 'sam@example.com', feature: 'Two-Way-Sync' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ ok: true });
    const other = await postJson(t.app, '/api/public/waitlist', { email: 'sam@example.com', feature: 'video-tutorials' });
    expect(other.statusCode).toBe(201);

    const rows = await t.app.ctx.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.email, 'sam@example.com'), eq(waitlistEntries.feature, 'two-way-sync')));
    expect(rows).toHaveLength(1);
    const all = await t.app.ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, 'sam@example.com'));
    expect(all.map((r) => r.feature).sort()).toEqual(['two-way-sync', 'video-tutorials']);
    const events = await t.app.ctx.db.select().from(activityEvents).where(eq(activityEvents.type, 'inbox.waitlist_joined'));
    expect(events.filter((e) => e.detail.email === 'sam@example.com')).toHaveLength(2);
  });

  it.each([[''], ['not-an-email'], ['a@b']])('refuses the e-mail %j with the spec message', async (email) => {
    const res = await postJson(t.app, '/api/public/waitlist', { email, feature: 'two-way-sync' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter a valid email address');
  });

  it('refuses a missing or unannounced feature and a foreign origin', async () => {
    expect((await postJson(t.app, '/api/public/waitlist', { email: 'x@example.com', feature: ' ' })).statusCode).toBe(400);
    // Only announced features have a waitlist: no entries for made-up names.
    for (const feature of ['client-chat', 'constructor', '__proto__']) {
      expect((await postJson(t.app, '/api/public/waitlist', { email: 'x@example.com', feature })).statusCode).toBe(400);
    }
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/public/waitlist',
      remoteAddress: nextIp(),
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x@example.com', feature: 'video-tutorials' }),
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('limits each address to 10 sign-ups a minute (429 with Retry-After)', async () => {
    const ip = '10.78.0.1';
    for (let i = 0; i < 10; i += 1) {
      expect((await postFrom(ip, '/api/public/waitlist', { email: `w${i}@example.com`, feature: 'video-tutorials' })).statusCode).toBe(201);
    }
    const limited = await postFrom(ip, '/api/public/waitlist', { email: 'w99@example.com', feature: 'video-tutorials' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('OpenAPI', () => {
  it('lists both public form endpoints', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/public/contact', '/api/public/waitlist']));
  });
});
