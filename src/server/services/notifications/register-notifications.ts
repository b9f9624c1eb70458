import type { AppContext } from '../../context';
import { ownerAlertHandler } from './owner-alerts';
import { notificationOutbox, openMessagesHandler } from './notification-outbox';
import { sendClientEmailsHandler, sendClientTextHandler } from './send-client-message-job';

/**
 * Wires client notifications at app start: the client event subscriber (the outbox: one job per change and portal)
 * and the queue's handlers (the job that opens the change's messages, the senders, the owner's alerts).
 */
export function registerNotifications(ctx: AppContext): void {
  ctx.clientEvents.subscribe('notifications', notificationOutbox(ctx));
  ctx.jobs.register(openMessagesHandler(ctx));
  ctx.jobs.register(sendClientEmailsHandler(ctx));
  ctx.jobs.register(sendClientTextHandler(ctx));
  ctx.jobs.register(ownerAlertHandler(ctx));
}
