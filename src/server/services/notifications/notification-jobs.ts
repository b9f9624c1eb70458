import type { NewJob } from '../job-queue/job-types';

// The queue's kinds for client messages (decision 0016).

/**
 * Sends a portal's due client e-mails: one job per portal and due time (the end of a batching window, of quiet
 * hours, of a retry wait), however many messages are due then; it claims them in batches.
 */
export const SEND_EMAILS_JOB = 'notification.send_emails';
/** Sends one client text (its own kind and channel: a text outage holds texts, not e-mails). */
export const SEND_TEXT_JOB = 'notification.send_sms';

/**
 * The job that wakes a portal's e-mail sender at `at`. `after`: the change it follows, either the message that opened
 * a batch (each change that opens messages gets its own job, so it can never be taken for a job that already ran) or
 * a time (the sender's own wake-ups: a second one for the same portal and time is not written).
 */
export function sendEmailsJob(portalId: string, at: Date, after: { opened: string } | 'due'): NewJob {
  const key = after === 'due' ? `due:${at.toISOString()}` : `opened:${after.opened}`;
  return { kind: SEND_EMAILS_JOB, dedupeKey: `${portalId}:${key}`, payload: { portalId }, runAt: at };
}

/**
 * Opens and merges a portal's client messages for one change (the outbox entry of decision 0016): written in the
 * change's transaction, one per transaction and portal, naming the change's client events (`events`: ranges of their
 * ids, first and last included); `merged` once its events are in the messages.
 */
export const OPEN_MESSAGES_JOB = 'notification.open_messages';

/** The payload of an OPEN_MESSAGES_JOB. */
export interface OpenMessagesPayload {
  portalId: string;
  events: [number, number][];
  merged?: true;
}
