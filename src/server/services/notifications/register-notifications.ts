import type { AppContext } from '../../context';
import { ownerAlertHandler } from './owner-alerts';
import { recordNotificationChanges } from './record-notification-changes';
import { sendClientEmailsHandler, sendClientTextHandler } from './send-client-message-job';

/** Wires client notifications at app start: the client event subscriber (the outbox) and the queue's handlers. */
export function registerNotifications(ctx: AppContext): void {
  ctx.clientEvents.subscribe('notifications', recordNotificationChanges(ctx));
  ctx.jobs.register(sendClientEmailsHandler(ctx));
  ctx.jobs.register(sendClientTextHandler(ctx));
  ctx.jobs.register(ownerAlertHandler(ctx));
}
