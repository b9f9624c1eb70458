import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Logger } from 'pino';
import { AppError } from '../../errors';
import { chooseMailTransport, describeMailError, type MailVia, type SendGridSetting } from './mail-transport';
import { parseMailbox } from '@core/validation/email';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Display name for the From header (platform setting "sender name"). */
  fromName?: string;
  replyTo?: string;
  /** A Message-ID of our own (`<id@domain>`), kept the same when a message is sent again after a crash. */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Sends e-mail: through SMTP_URL when set, else through SendGrid when the back office turned it on with a key,
 * else the whole message, links included, goes to the log. The way is chosen for each message.
 */
export interface Mailer {
  /** The way the last message went (before any, the way chosen at start from SMTP_URL alone). */
  readonly transport: MailVia;
  /**
   * Resolves once the message is handed over (with the way it went); rejects with MailSendError (already logged)
   * when it could not be.
   */
  send(message: MailMessage): Promise<{ via: MailVia } | void>;
  close(): void;
}

/** A message could not be handed to the mail server. The mailer has logged it; callers decide what else to do. */
export class MailSendError extends AppError {
  constructor(
    readonly via: MailVia,
    message: string,
    /** What the mail server said, to tell a refused address from a passing failure (core's classifyMailFailure). */
    readonly failure: MailFailureDetail = {},
  ) {
    super(502, 'mail_send_failed', message);
  }
}

/** nodemailer's error code, the SMTP reply code and the command it answered. */
export interface MailFailureDetail {
  code?: string;
  responseCode?: number;
  command?: string;
}

export type CreateTransport = (options: string | SMTPTransport.Options) => Transporter<SMTPTransport.SentMessageInfo>;

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  logger: Logger;
  /**
   * The SendGrid settings of the back office, read for each message when SMTP_URL is not set. Reads through the
   * settings cache, so turning SendGrid on or off, or changing its key, applies within seconds, without a restart.
   * Absent (scripts): SendGrid is never used.
   */
  sendgrid?: () => Promise<SendGridSetting>;
  /** For tests: builds the nodemailer transport from the chosen options (nodemailer.createTransport by default). */
  createTransport?: CreateTransport;
}

/** A name as a sender's display name: without the characters that would break or forge the From header. */
export const senderNameOf = (name: string) => name.replace(/["<>\r\n]/g, '');

/** The sender address when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'no-reply@statuslink.app';

const SENDGRID_OFF: SendGridSetting = { enabled: false, apiKey: null };

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, logger } = options;
  const build: CreateTransport = options.createTransport ?? ((o) => nodemailer.createTransport(o));
  let last: MailVia = smtpUrl ? 'smtp' : 'log';
  let smtp: Transporter<SMTPTransport.SentMessageInfo> | undefined;
  // One SendGrid transport, for the key it was built with; a new key replaces it.
  let sendgrid: { key: string; transporter: Transporter<SMTPTransport.SentMessageInfo> } | undefined;

  async function sendgridSetting(m: MailMessage): Promise<SendGridSetting> {
    if (smtpUrl || !options.sendgrid) return SENDGRID_OFF;
    try {
      return await options.sendgrid();
    } catch (err) {
      const reason = 'the e-mail settings could not be read';
      logger.error({ err, mail: { to: m.to, subject: m.subject } }, `E-mail not sent: ${reason}.`);
      throw new MailSendError('log', `E-mail could not be sent: ${reason}.`);
    }
  }

  return {
    get transport() {
      return last;
    },
    async send(m) {
      const choice = chooseMailTransport({ smtpUrl, sendgrid: await sendgridSetting(m) });
      last = choice.via;
      if (choice.via === 'log') {
        logger.info(
          { mail: { to: m.to, subject: m.subject, via: 'log' } },
          `E-mail not sent (no SMTP_URL, SendGrid not in use). To: ${m.to}\nSubject: ${m.subject}\n\n${m.text}`,
        );
        return { via: 'log' };
      }
      let transporter: Transporter<SMTPTransport.SentMessageInfo>;
      if (choice.via === 'smtp') {
        smtp ??= build(choice.options);
        transporter = smtp;
      } else {
        const key = String(choice.options.auth?.pass ?? '');
        if (sendgrid?.key !== key) {
          sendgrid?.transporter.close();
          sendgrid = { key, transporter: build(choice.options) };
        }
        transporter = sendgrid.transporter;
      }
      try {
        await transporter.sendMail({
          // A business's own sender name goes with the configured address (MAIL_FROM may carry a name of its own).
          from: m.fromName ? { name: m.fromName, address: parseMailbox(from)?.address ?? from } : from,
          to: m.to,
          replyTo: m.replyTo,
          subject: m.subject,
          text: m.text,
          html: m.html,
          ...(m.messageId ? { messageId: m.messageId } : {}),
          ...(m.headers ? { headers: m.headers } : {}),
        });
      } catch (err) {
        const reason = describeMailError(err, choice.via);
        const e = (err ?? {}) as MailFailureDetail;
        const failure: MailFailureDetail = { code: e.code, responseCode: e.responseCode, command: e.command };
        // The recipient and subject only: the body may hold a sign-in link or a code.
        logger.error({ err, mail: { to: m.to, subject: m.subject, via: choice.via } }, `E-mail not sent: ${reason}`);
        throw new MailSendError(choice.via, `E-mail could not be sent: ${reason}`, failure);
      }
      logger.info({ mail: { to: m.to, subject: m.subject, via: choice.via } }, 'e-mail sent');
      return { via: choice.via };
    },
    close() {
      smtp?.close();
      sendgrid?.transporter.close();
    },
  };
}
