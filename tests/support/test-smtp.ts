import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/** A message the test SMTP server accepted, parsed. */
export interface AcceptedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Map<string, unknown>;
  parsed: ParsedMail;
}

/** How the server answers a recipient: accept (null), or an SMTP error (e.g. 550 for good, 421 for now). */
export type RcptAnswer = null | { code: number; message: string };

export interface TestSmtp {
  port: number;
  url: string;
  accepted: AcceptedMail[];
  /** Decides each RCPT TO (accept by default). */
  onRcpt: (address: string) => RcptAnswer;
  /** Runs for each message received, just before the server answers that it accepted it. */
  onAccept: (mail: AcceptedMail) => void;
  /** Waits until `n` messages were accepted in all (throws after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<AcceptedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free loopback port (or the given one, to come back where it was) that parses what it accepts (mailparser). `onRcpt` makes it refuse an
 * address, for good or for now.
 */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const accepted: AcceptedMail[] = [];
  const smtp: TestSmtp = {
    port: 0,
    url: '',
    accepted,
    onRcpt: () => null,
    onAccept: () => {},
    async waitFor(n, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (accepted.length < n) {
        if (Date.now() > deadline) throw new Error(`expected ${n} messages, got ${accepted.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return accepted;
    },
    close: async () => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // close() ends the app's pooled connections at once instead of waiting for them.
    closeTimeout: 50,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const answer = smtp.onRcpt(address.address);
      if (!answer) return callback();
      const err = new Error(answer.message) as Error & { responseCode: number };
      err.responseCode = answer.code;
      callback(err);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail: AcceptedMail = {
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            headers: parsed.headers as Map<string, unknown>,
            parsed,
          };
          accepted.push(mail);
          smtp.onAccept(mail);
          callback();
        })
        .catch(callback);
    },
  });
  // A sender killed in the middle of a message (the kill -9 tests) resets its connection; smtp-server reports that as
  // the server's error, which unheard would end the test run. The message was never accepted, so nothing is counted.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  smtp.port = (server.server.address() as { port: number }).port;
  smtp.url = `smtp://127.0.0.1:${smtp.port}`;
  smtp.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return smtp;
}
