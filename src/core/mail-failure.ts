// What a failed hand-over to the mail server means for a client message (issue 19, decision 0016).

/**
 * channel_down: the way out itself failed (no connection, time-out, TLS, credentials, or the server refusing us
 * before any recipient): hold every message and try again later. temporary: this message met a passing refusal
 * (4xx on its recipient or content): retry it with backoff. bounce: the recipient was refused for good (5xx on RCPT
 * TO): mark the address bouncing, send nothing more to it. rejected: the content was refused for good (5xx on
 * DATA): this message fails, the address is not blamed.
 */
export type MailFailureKind = 'channel_down' | 'temporary' | 'bounce' | 'rejected';

const CONNECTION_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'ECONNREFUSED', 'ECONNRESET', 'EPROTOCOL']);
const RECIPIENT_COMMANDS = new Set(['RCPT TO', 'RCPT']);
const CONTENT_COMMANDS = new Set(['DATA', 'DATA END']);

export function classifyMailFailure(failure: { code?: string; responseCode?: number; command?: string }): MailFailureKind {
  const command = (failure.command ?? '').toUpperCase();
  const reply = failure.responseCode ?? 0;
  const recipient = RECIPIENT_COMMANDS.has(command);
  const content = CONTENT_COMMANDS.has(command);
  if (reply >= 500 && reply < 600 && (recipient || content)) return recipient ? 'bounce' : 'rejected';
  if (reply >= 400 && reply < 500 && (recipient || content)) return 'temporary';
  if ((failure.code && CONNECTION_CODES.has(failure.code)) || reply >= 400) return 'channel_down';
  return 'temporary';
}
