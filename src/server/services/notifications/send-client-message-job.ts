import type { AppContext } from '../../context';
import type { JobHandler } from '../job-queue/job-types';
import { clientMessageGaveUp, deliverClientMessage } from './deliver-client-message';
import { deliverTextMessage } from './deliver-text-message';
import { prepareClientMessage, type Prepared } from './prepare-client-message';
import { SEND_MESSAGE_JOB, SEND_TEXT_JOB } from './record-notification-changes';

/** A queue handler for one client message: decide (short transaction), then hand it over (outside it). */
function messageHandler(
  ctx: AppContext,
  kind: string,
  channel: 'email' | 'sms',
  concurrency: number,
  deliver: (prepared: Prepared) => Promise<void>,
): JobHandler<{ messageId: string }> {
  return {
    kind,
    channel,
    concurrency,
    async run(job) {
      const prepared = await prepareClientMessage(ctx, job.payload.messageId);
      if (prepared.kind === 'later') return { later: prepared.at };
      await deliver(prepared);
    },
    gaveUp: (job, error) => clientMessageGaveUp(ctx, job.payload.messageId, error),
  };
}

/** Client e-mails: many at once (their preparing shares one transaction and the SMTP pool queues the sends). */
export function sendClientMessageHandler(ctx: AppContext): JobHandler<{ messageId: string }> {
  return messageHandler(ctx, SEND_MESSAGE_JOB, 'email', 100, async (p) => {
    if (p.kind === 'send') await deliverClientMessage(ctx, p.message);
  });
}

/** Client texts, to Twilio (their own channel: a Twilio outage holds texts, not e-mails). */
export function sendClientTextHandler(ctx: AppContext): JobHandler<{ messageId: string }> {
  return messageHandler(ctx, SEND_TEXT_JOB, 'sms', 10, async (p) => {
    if (p.kind === 'text') await deliverTextMessage(ctx, p.text);
  });
}
