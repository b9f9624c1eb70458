import type SMTPTransport from 'nodemailer/lib/smtp-transport';

// Which way outgoing e-mail goes, decided per message (decision 7, "E-mail transport"):
//   1. SMTP_URL from the environment, when set: the server's operator chose it, and the back office cannot
//      override the server's configuration;
//   2. otherwise SendGrid, when the back office turned it on and saved a key that can be decrypted: nodemailer
//      over SendGrid's SMTP relay (no extra dependency);
//   3. otherwise the server log (decisions D7: password reset still works in the default set-up).

export type MailVia = 'smtp' | 'sendgrid' | 'log';

/** The SendGrid part of the platform settings, as the mailer needs it. */
export interface SendGridSetting {
  enabled: boolean;
  /** The decrypted key; null when none is saved or it cannot be decrypted. */
  apiKey: string | null;
  /** A key is saved but cannot be decrypted (BETTER_AUTH_SECRET changed since it was saved). */
  keyUnreadable?: boolean;
}

/** SendGrid's SMTP relay: STARTTLS on 587, user `apikey`, the API key as password. */
export const SENDGRID_SMTP = { host: 'smtp.sendgrid.net', port: 587, user: 'apikey' } as const;

/** Time-outs for every SMTP exchange, so a stuck server never holds a request for long. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

export type MailTransportChoice =
  | { via: 'smtp'; /** The SMTP_URL with the time-outs added (it may carry credentials: never show it). */ options: string; notes: string[] }
  | { via: 'sendgrid'; options: SMTPTransport.Options; notes: string[] }
  | { via: 'log'; notes: string[] };

/**
 * Connections kept open and reused (client notifications go out by the thousand: a new connection per message
 * would cost a handshake each), at most 5 at once. A message whose connection closed is not retried inside the
 * pool (`maxRequeues: 0`): the durable queue retries it, visibly and with its own backoff (decision 0016).
 */
export const SMTP_POOL = { pool: true, maxConnections: 5, maxRequeues: 0 } as const;

/** The last URL given and its result: the transport is chosen for each message, and SMTP_URL does not change. */
let lastSmtpUrl: { given: string; result: string } | undefined;

/** SMTP_URL with our time-outs and pool unless the URL sets its own. */
export function smtpUrlWithTimeouts(smtpUrl: string): string {
  if (lastSmtpUrl?.given === smtpUrl) return lastSmtpUrl.result;
  const url = new URL(smtpUrl);
  for (const [k, v] of Object.entries({ ...SMTP_TIMEOUTS, ...SMTP_POOL })) if (!url.searchParams.has(k)) url.searchParams.set(k, String(v));
  lastSmtpUrl = { given: smtpUrl, result: url.toString() };
  return lastSmtpUrl.result;
}

/** nodemailer's options for SendGrid's relay with this key. */
export function sendGridTransportOptions(apiKey: string): SMTPTransport.Options {
  return {
    host: SENDGRID_SMTP.host,
    port: SENDGRID_SMTP.port,
    secure: false, // 587: plain connect, then STARTTLS...
    requireTLS: true, // ...which is required: the key never travels in clear
    auth: { user: SENDGRID_SMTP.user, pass: apiKey },
    ...SMTP_TIMEOUTS,
    ...SMTP_POOL,
  } as SMTPTransport.Options;
}

/**
 * The transport for the next message, with notes for the settings page when the settings say one thing and
 * the mail goes another way (SendGrid on but SMTP_URL set, SendGrid on without a usable key).
 */
export function chooseMailTransport(input: { smtpUrl?: string; sendgrid: SendGridSetting }): MailTransportChoice {
  const { smtpUrl, sendgrid } = input;
  const notes: string[] = [];
  if (smtpUrl) {
    if (sendgrid.enabled) notes.push('SendGrid is turned on, but SMTP_URL is set on the server and takes precedence.');
    return { via: 'smtp', options: smtpUrlWithTimeouts(smtpUrl), notes };
  }
  if (sendgrid.enabled) {
    if (sendgrid.apiKey) return { via: 'sendgrid', options: sendGridTransportOptions(sendgrid.apiKey), notes };
    notes.push(
      sendgrid.keyUnreadable
        ? 'SendGrid is turned on, but its saved key cannot be decrypted (BETTER_AUTH_SECRET changed?): enter the key again.'
        : 'SendGrid is turned on, but no SendGrid API key is saved.',
    );
  }
  return { via: 'log', notes };
}

/** Labels for each way, as the settings page shows them. */
export const mailViaLabels: Record<MailVia, string> = {
  smtp: 'SMTP server from SMTP_URL',
  sendgrid: 'SendGrid',
  log: 'server log only',
};

/** A plain-language reason for a failed send (nodemailer's error code and the server's reply). */
export function describeMailError(err: unknown, via: MailVia): string {
  const e = (err ?? {}) as { code?: string; responseCode?: number; response?: string; message?: string };
  const reply = e.response ? ` (${e.response.trim().slice(0, 200)})` : e.message ? ` (${e.message.slice(0, 200)})` : '';
  const who = via === 'sendgrid' ? 'SendGrid' : 'the SMTP server';
  if (e.code === 'EAUTH') {
    return via === 'sendgrid'
      ? `SendGrid refused the API key${reply}: check the key in Platform Settings > API & Integrations.`
      : `The SMTP server refused the credentials in SMTP_URL${reply}.`;
  }
  if (e.code === 'ETIMEDOUT' || e.code === 'ECONNECTION' || e.code === 'ESOCKET' || e.code === 'EDNS') {
    return `Could not reach ${who}${reply}.`;
  }
  if (e.code === 'ETLS') return `Could not start a secure connection with ${who}${reply}.`;
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') {
    return via === 'sendgrid'
      ? `SendGrid refused the message${reply}. The sender address (MAIL_FROM) must be a verified sender in SendGrid.`
      : `The SMTP server refused the message${reply}.`;
  }
  return `Sending through ${who} failed${reply}.`;
}
