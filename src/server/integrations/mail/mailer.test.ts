import type { AddressInfo } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendGridSetting } from './mail-transport';
import { createMailer, MailSendError, type CreateTransport } from './mailer';

// Nothing here reaches the internet: transports are stubs, or a local SMTP server standing in for SendGrid.

function capturingLogger() {
  const entries: { level: number; msg: string; mail?: { to: string; subject: string; via: string }; err?: unknown }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void entries.push(JSON.parse(line)) });
  return { logger, entries };
}

/** Records the options of each transport built; each transport accepts every message without sending it. */
function recordingTransports() {
  const built: (string | SMTPTransport.Options)[] = [];
  const closed: number[] = [];
  const create: CreateTransport = (options) => {
    const index = built.push(options) - 1;
    return {
      sendMail: async () => ({ messageId: `<m${index}@test>` }),
      close: () => void closed.push(index),
    } as unknown as Transporter<SMTPTransport.SentMessageInfo>;
  };
  return { built, closed, create };
}

const message = { to: 'owner@example.com', subject: 'Reset your password', text: 'Open https://app.example/reset?token=SECRET-LINK' };

describe('createMailer', () => {
  it('follows the SendGrid setting message by message, without a restart', async () => {
    const { logger, entries } = capturingLogger();
    const t = recordingTransports();
    const setting: SendGridSetting = { enabled: false, apiKey: null };
    const mailer = createMailer({ from: 'no-reply@statuslink.app', logger, sendgrid: async () => setting, createTransport: t.create });

    await mailer.send(message);
    expect(mailer.transport).toBe('log');
    expect(t.built).toHaveLength(0);
    expect(entries.at(-1)!.msg).toContain('E-mail not sent (no SMTP_URL, SendGrid not in use)');

    Object.assign(setting, { enabled: true, apiKey: 'SG.first-key-0001' });
    await mailer.send(message);
    expect(mailer.transport).toBe('sendgrid');
    expect(t.built).toEqual([expect.objectContaining({ host: 'smtp.sendgrid.net', port: 587, requireTLS: true, auth: { user: 'apikey', pass: 'SG.first-key-0001' } })]);
    expect(entries.at(-1)).toMatchObject({ msg: 'e-mail sent', mail: { via: 'sendgrid' } });

    // The same key reuses the transport; a new key replaces it.
    await mailer.send(message);
    expect(t.built).toHaveLength(1);
    setting.apiKey = 'SG.second-key-0002';
    await mailer.send(message);
    expect(t.built).toHaveLength(2);
    expect((t.built[1] as SMTPTransport.Options).auth).toEqual({ user: 'apikey', pass: 'SG.second-key-0002' });
    expect(t.closed).toEqual([0]);

    setting.enabled = false;
    await mailer.send(message);
    expect(mailer.transport).toBe('log');
    expect(t.built).toHaveLength(2);
    mailer.close();
  });

  it('never reads the SendGrid setting when SMTP_URL is set', async () => {
    const { logger } = capturingLogger();
    const t = recordingTransports();
    let reads = 0;
    const mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:2599',
      from: 'no-reply@statuslink.app',
      logger,
      sendgrid: async () => {
        reads += 1;
        return { enabled: true, apiKey: 'SG.unused' };
      },
      createTransport: t.create,
    });
    await mailer.send(message);
    expect(reads).toBe(0);
    expect(mailer.transport).toBe('smtp');
    expect(t.built).toEqual([expect.stringMatching(/^smtp:\/\/127\.0\.0\.1:2599\/?\?connectionTimeout=10000/)]);
  });

  describe('when SendGrid refuses', () => {
    // A local server that answers like SendGrid does to a wrong key.
    const server = new SMTPServer({
      logger: false,
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      onAuth: (_auth, _session, callback) => callback(new Error('Authentication failed: The provided authorization grant is invalid')),
    });
    let port = 0;
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('rejects with a clear MailSendError and logs who and what, never the body', async () => {
      const { logger, entries } = capturingLogger();
      const seen: SMTPTransport.Options[] = [];
      const mailer = createMailer({
        from: 'no-reply@statuslink.app',
        logger,
        sendgrid: async () => ({ enabled: true, apiKey: 'SG.wrong-key-9999' }),
        // SendGrid's options, pointed at the local server (which has no TLS).
        createTransport: (options) => {
          seen.push(options as SMTPTransport.Options);
          return nodemailer.createTransport({ ...(options as SMTPTransport.Options), host: '127.0.0.1', port, requireTLS: false, ignoreTLS: true });
        },
      });
      const failure = await mailer.send(message).catch((err: unknown) => err);
      expect(seen[0]).toMatchObject({ host: 'smtp.sendgrid.net', auth: { user: 'apikey', pass: 'SG.wrong-key-9999' } });
      expect(failure).toBeInstanceOf(MailSendError);
      expect((failure as MailSendError).status).toBe(502);
      expect((failure as MailSendError).message).toMatch(
        /^E-mail could not be sent: SendGrid refused the API key \(535 .*\): check the key in Platform Settings > API & Integrations\.$/,
      );
      const logged = entries.find((e) => e.level === 50)!;
      expect(logged.msg).toMatch(/^E-mail not sent: SendGrid refused the API key/);
      expect(logged.mail).toEqual({ to: 'owner@example.com', subject: 'Reset your password', via: 'sendgrid' });
      expect(JSON.stringify(entries)).not.toContain('SECRET-LINK');
      expect(JSON.stringify(entries)).not.toContain('SG.wrong-key-9999');
      mailer.close();
    });

    it('rejects (logged) when the settings cannot be read', async () => {
      const { logger, entries } = capturingLogger();
      const mailer = createMailer({ from: 'x@example.com', logger, sendgrid: async () => Promise.reject(new Error('database gone')) });
      await expect(mailer.send(message)).rejects.toThrow('E-mail could not be sent: the e-mail settings could not be read.');
      expect(entries.find((e) => e.level === 50)?.msg).toBe('E-mail not sent: the e-mail settings could not be read.');
    });
  });
});

describe('the sender', () => {
  it('sends a business’s sender name with the address of a MAIL_FROM that carries a name of its own', async () => {
    const envelopes: string[] = [];
    const headers: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(address, _session, callback) {
        envelopes.push(address.address);
        callback();
      },
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          headers.push(/^From: (.*)$/m.exec(raw)?.[1] ?? '');
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    try {
      const { logger } = capturingLogger();
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'StatusLink <updates@example.com>', logger });
      await mailer.send({ ...message, fromName: 'Cluster Tax' });
      await mailer.send(message);
      mailer.close();
      expect(envelopes).toEqual(['updates@example.com', 'updates@example.com']);
      expect(headers).toEqual(['Cluster Tax <updates@example.com>', 'StatusLink <updates@example.com>']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
