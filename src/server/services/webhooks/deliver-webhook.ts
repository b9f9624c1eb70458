import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { classifyWebhookAnswer, nextWebhookAttemptAt, parseRetryAfter, WEBHOOK_DISABLE_AFTER_FAILING_MS } from '@core/webhooks';
import { messages } from '@core/messages';
import type { Db } from '../../db/client';
import { businessProfiles, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Env } from '../../env';
import type { Mailer } from '../../integrations/mail/mailer';
import { postWebhook, type WebhookPostResult } from '../../integrations/webhooks/post-webhook';
import type { Clock } from '../../lib/clock';
import type { ClaimedJob, JobHandler } from '../job-queue/job-types';
import { sendTemplateEmail } from '../email-templates/send-template-email';
import type { SettingsCache } from '../platform-settings/settings-cache';
import { WEBHOOK_DELIVER_JOB } from './enqueue-webhooks';
import type { WebhookEndpointRow } from './endpoint-view';
import { createEndpointCache, deliveryHeaders, type EndpointCache } from './endpoint-cache';
import { createDeliveredRecorder } from './delivered-recorder';

type DeliveredRecorder = ReturnType<typeof createDeliveredRecorder>;

export interface WebhookDeliveryDeps {
  db: Db;
  clock: Clock;
  env: Pick<Env, 'BETTER_AUTH_SECRET' | 'WEBHOOKS_ALLOW_PRIVATE_ADDRESSES' | 'APP_URL' | 'WEBHOOK_ENDPOINT_CACHE_MS'>;
  mailer: Mailer;
  settings: SettingsCache;
  logger: Logger;
  /** One attempt's time-out (default 15 s; tests pass a short one). */
  timeoutMs: number;
}

/** What a `webhook.deliver` job carries: the delivery, and (when written by the fan-out) its endpoint and body. */
export interface DeliverPayload {
  deliveryId: string;
  endpointId?: string;
  body?: string;
  test?: boolean;
}

type Attempt = { at: Date; result: WebhookPostResult };
const HISTORY_KEPT = 12;

/** The attempt as the delivery keeps it: status code or error, excerpt, duration. */
function attemptValues(attempt: Attempt) {
  const { result } = attempt;
  const redirect = result.kind === 'answer' && result.statusCode >= 300 && result.statusCode < 400;
  const error =
    result.kind === 'error' ? result.error : redirect ? `Redirects are not followed (answered ${result.statusCode}${result.location ? ` to ${result.location.slice(0, 200)}` : ''})` : null;
  const statusCode = result.kind === 'answer' ? result.statusCode : null;
  const entry = { at: attempt.at.toISOString(), statusCode, error, durationMs: result.durationMs };
  return {
    set: {
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: attempt.at,
      lastStatusCode: statusCode,
      lastDurationMs: result.durationMs,
      lastError: error,
      responseExcerpt: result.kind === 'answer' ? result.excerpt : null,
      history: sql`${webhookDeliveries.history} || ${JSON.stringify([entry])}::jsonb`,
    },
    error,
  };
}

/** Writes the attempt on a delivery still waiting (one statement); returns its tries so far, or null when it was not waiting. */
async function recordAttempt(db: Db, deliveryId: string, values: Record<string, unknown>) {
  const [row] = await db
    .update(webhookDeliveries)
    .set(values)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.state, 'pending')))
    .returning({ attempts: webhookDeliveries.attempts, maxAttempts: webhookDeliveries.maxAttempts, history: webhookDeliveries.history });
  return row ?? null;
}

/** Disables an endpoint (once: the first run to do it gets true). */
async function disableEndpoint(db: Db, endpointId: string, reason: 'gone' | 'failing', now: Date): Promise<boolean> {
  const rows = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, disabledAt: now, updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/**
 * After a failed attempt: the endpoint's run of failures starts now if none was running; once it has failed for
 * five days with no delivery getting through since, it is disabled and its owner e-mailed.
 */
async function noteFailure(deps: WebhookDeliveryDeps, endpoint: WebhookEndpointRow, now: Date, lastError: string): Promise<void> {
  const { db } = deps;
  if (!endpoint.failingSince) {
    await db.update(webhookEndpoints).set({ failingSince: now }).where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.failingSince)));
    return;
  }
  if (now.getTime() - endpoint.failingSince.getTime() < WEBHOOK_DISABLE_AFTER_FAILING_MS) return;
  const [through] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpoint.id), gte(webhookDeliveries.deliveredAt, endpoint.failingSince)))
    .limit(1);
  if (through) {
    await db.update(webhookEndpoints).set({ failingSince: now }).where(eq(webhookEndpoints.id, endpoint.id));
    return;
  }
  if (!(await disableEndpoint(db, endpoint.id, 'failing', now))) return;
  const [owner] = await db.select().from(businessProfiles).where(eq(businessProfiles.id, endpoint.businessId));
  if (!owner) return;
  await sendTemplateEmail(deps, 'webhook_disabled', owner.email, {
    ownerName: owner.ownerName,
    companyName: owner.companyName,
    url: endpoint.url,
    since: endpoint.failingSince.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: owner.timeZone }),
    lastError,
    link: `${deps.env.APP_URL}/app/developers`,
  }).catch((err: unknown) => deps.logger.error({ err, endpointId: endpoint.id }, 'could not e-mail the owner of a disabled webhook endpoint'));
}

/** The delivery to make: from the job itself when it carries it (no read), else from its row (a resend). */
async function target(deps: WebhookDeliveryDeps, payload: DeliverPayload) {
  if (payload.body !== undefined && payload.endpointId) return { id: payload.deliveryId, endpointId: payload.endpointId, body: payload.body, test: payload.test ?? false };
  const [row] = await deps.db
    .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId, body: webhookDeliveries.body, test: webhookDeliveries.test, state: webhookDeliveries.state })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, payload.deliveryId));
  return row && row.state === 'pending' ? row : null;
}

/** A failed attempt: when to try again (the schedule, or a longer Retry-After), or give up; and the endpoint's run of failures. */
async function afterFailure(deps: WebhookDeliveryDeps & { endpoints: EndpointCache }, deliveryId: string, endpointId: string, attempt: Attempt, error: string | null) {
  const { db } = deps;
  const now = attempt.at;
  const recorded = await recordAttempt(db, deliveryId, attemptValues(attempt).set);
  const fresh = await deps.endpoints.get(endpointId, { fresh: true });
  if (fresh) await noteFailure(deps, fresh.row, now, error ?? `HTTP ${attempt.result.kind === 'answer' ? attempt.result.statusCode : ''}`);
  if (!recorded) return undefined;
  const retryAfter = attempt.result.kind === 'answer' ? parseRetryAfter(attempt.result.retryAfter, now.getTime()) : null;
  const next = nextWebhookAttemptAt({ attempts: recorded.attempts, nowMs: now.getTime(), retryAfterMs: retryAfter, maxAttempts: recorded.maxAttempts });
  await db
    .update(webhookDeliveries)
    .set({
      state: next === null ? 'failed' : 'pending',
      nextAttemptAt: next === null ? null : new Date(next),
      ...(recorded.history.length > HISTORY_KEPT ? { history: recorded.history.slice(-HISTORY_KEPT) } : {}),
    })
    .where(eq(webhookDeliveries.id, deliveryId));
  return next === null ? undefined : { later: new Date(next) };
}

/** One attempt of one delivery (the `webhook.deliver` job): sign, post, record, and say when to try again. */
async function deliverOnce(deps: WebhookDeliveryDeps & { endpoints: EndpointCache; delivered: DeliveredRecorder }, job: ClaimedJob<DeliverPayload>): Promise<void | { later: Date }> {
  const { db, clock } = deps;
  const delivery = await target(deps, job.payload);
  if (!delivery) return;
  const endpoint = await deps.endpoints.get(delivery.endpointId);
  if (!endpoint) return; // deleted with its deliveries
  const now = clock.now();
  if (!endpoint.row.enabled && !delivery.test) {
    await recordAttempt(db, delivery.id, { state: 'failed', nextAttemptAt: null, lastError: messages.webhooks.disabledNotSent });
    return;
  }
  const result = await postWebhook({
    url: endpoint.row.url,
    body: delivery.body,
    headers: deliveryHeaders(endpoint, delivery.id, now, delivery.body),
    timeoutMs: deps.timeoutMs,
    allowPrivate: deps.env.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES,
  });
  const attempt = { at: now, result };
  const { set, error } = attemptValues(attempt);
  const answer = result.kind === 'answer' ? classifyWebhookAnswer(result.statusCode) : 'retry';
  if (answer === 'delivered' && result.kind === 'answer') {
    await deps.delivered.record({ id: delivery.id, at: now, statusCode: result.statusCode, durationMs: result.durationMs, excerpt: result.excerpt });
    if (endpoint.row.failingSince) {
      await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.row.id));
      deps.endpoints.forget(endpoint.row.id);
    }
    return;
  }
  if (answer === 'gone') {
    await recordAttempt(db, delivery.id, { ...set, state: 'failed', nextAttemptAt: null });
    await disableEndpoint(db, endpoint.row.id, 'gone', now);
    deps.endpoints.forget(endpoint.row.id);
    return;
  }
  return afterFailure(deps, delivery.id, endpoint.row.id, attempt, error);
}

/** The `webhook.deliver` job kind (decision 0016's queue): one attempt per run; retries are holds until their time. */
export function webhookDeliveryHandler(deps: WebhookDeliveryDeps): JobHandler<DeliverPayload> {
  const endpoints = createEndpointCache(deps.db, deps.env.BETTER_AUTH_SECRET ?? '', { clock: deps.clock, maxAgeMs: deps.env.WEBHOOK_ENDPOINT_CACHE_MS });
  const delivered = createDeliveredRecorder(deps.db);
  return {
    kind: WEBHOOK_DELIVER_JOB,
    // The schedule spans about three days; the queue's own retries only cover unexpected errors of a run.
    retryForMs: 4 * 24 * 60 * 60 * 1000,
    run: (job) => deliverOnce({ ...deps, endpoints, delivered }, job),
    async gaveUp(job, lastError) {
      await deps.db
        .update(webhookDeliveries)
        .set({ state: 'failed', nextAttemptAt: null, lastError: lastError.slice(0, 500) })
        .where(and(eq(webhookDeliveries.id, job.payload.deliveryId), eq(webhookDeliveries.state, 'pending')));
    },
  };
}

/** Deliveries are kept this long. */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes deliveries older than the retention window that are no longer waiting. */
export async function purgeWebhookDeliveries(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS);
  const rows = await db
    .delete(webhookDeliveries)
    .where(and(sql`${webhookDeliveries.createdAt} < ${before.toISOString()}::timestamptz`, sql`${webhookDeliveries.state} <> 'pending'`))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** Deliveries waiting for a try: due now, and waiting for a later one (the /metrics gauge). */
export async function pendingWebhookDeliveries(db: Db, now: Date): Promise<{ labels: { when: string }; value: number }[]> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${webhookDeliveries.nextAttemptAt} <= ${now.toISOString()}::timestamptz)::int`,
      later: sql<number>`count(*) filter (where ${webhookDeliveries.nextAttemptAt} > ${now.toISOString()}::timestamptz)::int`,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.state, 'pending'));
  return [
    { labels: { when: 'due' }, value: Number(row?.due ?? 0) },
    { labels: { when: 'later' }, value: Number(row?.later ?? 0) },
  ];
}
