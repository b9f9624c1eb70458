import type { AppContext } from '../../context';
import type { JobHandler } from '../job-queue/job-types';
import { clientMessageGaveUp, deliverClientMessage } from './deliver-client-message';
import { prepareClientMessage } from './prepare-client-message';
import { SEND_MESSAGE_JOB } from './record-notification-changes';

/** The queue's handler for one client e-mail: decide (short transaction), then send (outside it). */
export function sendClientMessageHandler(ctx: AppContext): JobHandler<{ messageId: string }> {
  return {
    kind: SEND_MESSAGE_JOB,
    channel: 'email',
    // Many at once: their preparing shares one transaction and the SMTP pool queues the sends.
    concurrency: 100,
    async run(job) {
      const prepared = await prepareClientMessage(ctx, job.payload.messageId);
      if (prepared.kind === 'later') return { later: prepared.at };
      if (prepared.kind === 'send') await deliverClientMessage(ctx, prepared.message);
    },
    gaveUp: (job, error) => clientMessageGaveUp(ctx, job.payload.messageId, error),
  };
}
