import type { FastifyInstance } from 'fastify';
import { WEBHOOK_TIMEOUT_MS } from '@core/webhooks';
import { purgeIdempotencyKeys } from '../services/idempotency/idempotency';
import { clientEventWebhooks } from '../services/webhooks/client-event-webhooks';
import { pendingWebhookDeliveries, purgeWebhookDeliveries, webhookDeliveryHandler } from '../services/webhooks/deliver-webhook';
import { registerDailyJob } from './daily-job';

const PURGE_JOB = 'webhook.purge';

/**
 * Webhooks on the app (decision 0018): the client event log's `webhooks` subscriber (deliveries written in the
 * change's transaction), the `webhook.deliver` job kind, and a daily `webhook.purge` of deliveries past 30 days and of
 * idempotency keys past 24 hours (one job a day across instances: its dedupe key is the day).
 */
export function registerWebhookJobs(app: FastifyInstance, options: { timeoutMs?: number; schedulePurge: boolean }): void {
  const { ctx } = app;
  ctx.clientEvents.subscribe('webhooks', clientEventWebhooks(ctx));
  ctx.jobs.register(
    webhookDeliveryHandler({
      db: ctx.db,
      clock: ctx.clock,
      env: ctx.env,
      mailer: ctx.mailer,
      settings: ctx.settings,
      logger: ctx.logger,
      timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    }),
  );
  registerDailyJob(
    app,
    PURGE_JOB,
    async () => {
      const purged = await purgeWebhookDeliveries(ctx.db, ctx.clock.now());
      const keys = await purgeIdempotencyKeys(ctx.db, ctx.clock.now());
      if (purged + keys > 0) ctx.logger.info({ purged, idempotencyKeys: keys }, 'purged old webhook deliveries and idempotency keys');
    },
    options.schedulePurge,
  );
  // The webhook queue's depth for /metrics: deliveries waiting for a try, due now or later (a retry's time).
  ctx.metrics.addGauge({
    name: 'statuslink_webhook_pending_deliveries',
    help: 'Webhook deliveries waiting for an attempt: due now, or waiting for a later retry',
    labelNames: ['when'],
    read: () => pendingWebhookDeliveries(ctx.db, ctx.clock.now()),
  });
}
