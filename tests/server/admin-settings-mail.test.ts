import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/server/db/schema';
import type { SendGridSetting } from '../../src/server/integrations/mail/mail-transport';
import { createMailer, type Mailer } from '../../src/server/integrations/mail/mailer';
import { sendGridSettingReader } from '../../src/server/services/platform-settings/mail-settings';
import { postJson, useTestApp } from '../support/test-app';
import { makeAdmin, send } from './admin-support';

// Platform Settings > API & Integrations > SendGrid, end to end through the app: the real mailer, reading the
// app's own settings cache, with a stand-in for nodemailer's transport (nothing is sent to the internet).

const KEY = 'SG.integration-test-key-7890';
const built: SMTPTransport.Options[] = [];
const delivered: { to: unknown; subject: unknown }[] = [];
let refuse = false;
const logs: { level: number; msg: string; mail?: Record<string, unknown> }[] = [];

const logger = pino({ level: 'warn' }, { write: (line: string) => void logs.push(JSON.parse(line)) });
let readSendGrid: () => Promise<SendGridSetting> = async () => ({ enabled: false, apiKey: null });
const mailer: Mailer = createMailer({
  from: 'no-reply@statuslink.app',
  logger,
  sendgrid: () => readSendGrid(),
  createTransport: (options) => {
    built.push(options as SMTPTransport.Options);
    return {
      async sendMail(m: { to: unknown; subject: unknown }) {
        if (refuse) throw Object.assign(new Error('Invalid login'), { code: 'EAUTH', responseCode: 535, response: '535 Authentication failed: Bad username / password' });
        delivered.push({ to: m.to, subject: m.subject });
        return { messageId: '<x@test>' };
      },
      close() {},
    } as unknown as Transporter<SMTPTransport.SentMessageInfo>;
  },
});
const t = useTestApp({}, {
  mailer,
  logger,
  // The same wiring as buildApp's own mailer: the app's settings cache, which a save invalidates.
  beforeReady: (app, env) => {
    readSendGrid = sendGridSettingReader({ db: app.ctx.db, settings: app.ctx.settings, authSecret: env.BETTER_AUTH_SECRET! });
  },
});
let admin: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  admin = await makeAdmin(t);
});

const contact = (message: string) => ({ name: 'Priya Raman', email: 'priya@raman-tax.example', interest: 'demo', message });
const withSendGrid = (enabled: boolean, key?: string | null) =>
  send(t.app, 'PUT', '/api/admin/settings', admin.cookie, {
    settings: { general: { salesEmail: 'sales@statuslink.example' }, api: { sendgridEnabled: enabled } },
    ...(key !== undefined ? { secrets: { sendgridApiKey: key } } : {}),
  });

describe('SendGrid from the back office', () => {
  it('says which way e-mail goes, and switches to SendGrid and back without a restart', async () => {
    const initial = (await send(t.app, 'GET', '/api/admin/settings', admin.cookie)).json();
    expect(initial.mail).toEqual({ via: 'log', label: 'server log only', from: 'no-reply@statuslink.app', notes: [] });

    const noKey = await withSendGrid(true);
    expect(noKey.statusCode).toBe(200);
    expect(noKey.json().mail).toMatchObject({ via: 'log', notes: ['SendGrid is turned on, but no SendGrid API key is saved.'] });

    const on = await withSendGrid(true, KEY);
    expect(on.json().mail).toMatchObject({ via: 'sendgrid', label: 'SendGrid', notes: [] });
    expect(on.body).not.toContain(KEY);

    expect((await postJson(t.app, '/api/public/contact', contact('First message, through SendGrid.'))).statusCode).toBe(201);
    expect(mailer.transport).toBe('sendgrid');
    expect(built).toEqual([expect.objectContaining({ host: 'smtp.sendgrid.net', port: 587, secure: false, requireTLS: true, auth: { user: 'apikey', pass: KEY } })]);
    expect(delivered).toEqual([{ to: 'sales@statuslink.example', subject: expect.stringContaining('new message from Priya Raman') }]);

    // Turned off: the next message goes to the log at once.
    const off = await withSendGrid(false);
    expect(off.json().mail.via).toBe('log');
    expect((await postJson(t.app, '/api/public/contact', contact('Second message, to the log.'))).statusCode).toBe(201);
    expect(mailer.transport).toBe('log');
    expect(delivered).toHaveLength(1);
  });

  it('logs a clear error when SendGrid refuses, and the request that sent the e-mail still succeeds', async () => {
    await withSendGrid(true, KEY);
    refuse = true;
    try {
      const res = await postJson(t.app, '/api/public/contact', contact('Third message, SendGrid refuses.'));
      expect(res.statusCode).toBe(201);
      const [stored] = await t.app.ctx.db.select().from(contactMessages).where(eq(contactMessages.message, 'Third message, SendGrid refuses.'));
      expect(stored).toBeDefined();
      const error = logs.find((l) => l.level === 50 && l.msg.startsWith('E-mail not sent'));
      expect(error?.msg).toBe(
        'E-mail not sent: SendGrid refused the API key (535 Authentication failed: Bad username / password): check the key in Platform Settings > API & Integrations.',
      );
      expect(error?.mail).toMatchObject({ to: 'sales@statuslink.example', via: 'sendgrid' });
      expect(JSON.stringify(logs)).not.toContain(KEY);

      // The operator's "Send test" shows the reason.
      const test = await send(t.app, 'POST', '/api/admin/email-templates/welcome/test', admin.cookie, {});
      expect(test.statusCode).toBe(502);
      expect(test.json().error).toEqual({
        code: 'mail_send_failed',
        message: 'E-mail could not be sent: SendGrid refused the API key (535 Authentication failed: Bad username / password): check the key in Platform Settings > API & Integrations.',
      });
    } finally {
      refuse = false;
      await withSendGrid(false, null);
    }
  });
});
