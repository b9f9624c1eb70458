import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Display name for the From header (platform setting "sender name"). */
  fromName?: string;
  replyTo?: string;
}

/** Sends e-mail. SMTP when SMTP_URL is set; otherwise the whole message, links included, goes to the log. */
export interface Mailer {
  readonly transport: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      transport: 'log',
      async send(m) {
        logger.info(
          { mail: { to: m.to, subject: m.subject } },
          `E-mail not sent (no SMTP_URL configured). To: ${m.to}\nSubject: ${m.subject}\n\n${m.text}`,
        );
      },
      close() {},
    };
  }
  const url = new URL(smtpUrl);
  for (const [k, v] of Object.entries({ connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000' })) {
    if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    transport: 'smtp',
    async send(m) {
      await transporter.sendMail({
        from: m.fromName ? { name: m.fromName, address: from } : from,
        to: m.to,
        replyTo: m.replyTo,
        subject: m.subject,
        text: m.text,
        html: m.html,
      });
      logger.info({ mail: { to: m.to, subject: m.subject } }, 'e-mail sent');
    },
    close() {
      transporter.close();
    },
  };
}
