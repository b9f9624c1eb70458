import { describe, expect, it } from 'vitest';
import { chooseMailTransport, describeMailError, smtpUrlWithTimeouts } from './mail-transport';

const KEY = 'SG.test-key-never-sent-anywhere.abcd';

describe('chooseMailTransport', () => {
  it("uses SendGrid's SMTP relay when SendGrid is on with a key and SMTP_URL is not set", () => {
    const choice = chooseMailTransport({ sendgrid: { enabled: true, apiKey: KEY } });
    expect(choice).toEqual({
      via: 'sendgrid',
      notes: [],
      options: {
        host: 'smtp.sendgrid.net',
        port: 587,
        secure: false,
        requireTLS: true,
        auth: { user: 'apikey', pass: KEY },
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
        pool: true,
        maxConnections: 5,
        maxRequeues: 0,
      },
    });
  });

  it('lets SMTP_URL from the environment win, and says so when SendGrid is on', () => {
    const choice = chooseMailTransport({ smtpUrl: 'smtp://mail.example.com:2525', sendgrid: { enabled: true, apiKey: KEY } });
    expect(choice.via).toBe('smtp');
    expect(choice.notes).toEqual(['SendGrid is turned on, but SMTP_URL is set on the server and takes precedence.']);
    expect(JSON.stringify(choice)).not.toContain(KEY);
    expect(chooseMailTransport({ smtpUrl: 'smtp://mail.example.com:2525', sendgrid: { enabled: false, apiKey: KEY } }).notes).toEqual([]);
  });

  it('falls back to the log when SendGrid is off, or on without a usable key (with a note)', () => {
    expect(chooseMailTransport({ sendgrid: { enabled: false, apiKey: KEY } })).toEqual({ via: 'log', notes: [] });
    expect(chooseMailTransport({ sendgrid: { enabled: true, apiKey: null } })).toEqual({
      via: 'log',
      notes: ['SendGrid is turned on, but no SendGrid API key is saved.'],
    });
    const unreadable = chooseMailTransport({ sendgrid: { enabled: true, apiKey: null, keyUnreadable: true } });
    expect(unreadable.via).toBe('log');
    expect(unreadable.notes[0]).toMatch(/cannot be decrypted .*enter the key again/);
  });

  it("adds time-outs to SMTP_URL without overriding the URL's own", () => {
    const url = new URL(smtpUrlWithTimeouts('smtps://u:p@smtp.example.com:465?socketTimeout=5000'));
    expect(url.searchParams.get('socketTimeout')).toBe('5000');
    expect(url.searchParams.get('connectionTimeout')).toBe('10000');
    expect(url.searchParams.get('greetingTimeout')).toBe('10000');
    // Pooled connections, for client notifications by the thousand.
    expect(url.searchParams.get('pool')).toBe('true');
    expect(url.searchParams.get('maxConnections')).toBe('5');
  });
});

describe('describeMailError', () => {
  it('names the cause in plain words', () => {
    expect(describeMailError({ code: 'EAUTH', response: '535 Authentication failed: Bad username / password' }, 'sendgrid')).toBe(
      'SendGrid refused the API key (535 Authentication failed: Bad username / password): check the key in Platform Settings > API & Integrations.',
    );
    expect(describeMailError({ code: 'ETIMEDOUT', message: 'Connection timeout' }, 'sendgrid')).toBe('Could not reach SendGrid (Connection timeout).');
    expect(describeMailError({ code: 'EENVELOPE', response: '550 The from address does not match a verified Sender Identity' }, 'sendgrid')).toMatch(
      /MAIL_FROM\) must be a verified sender in SendGrid/,
    );
    expect(describeMailError(new Error('boom'), 'smtp')).toBe('Sending through the SMTP server failed (boom).');
  });
});
