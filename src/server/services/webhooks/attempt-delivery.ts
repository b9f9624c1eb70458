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
import { sendTemplateEmail } from '../email-templates/send-template-email';
import type { SettingsCache } from '../platform-settings/settings-cache';
import type { ClaimedDelivery } from './claim-webhook-deliveries';
import type { WebhookEndpointRow } from './endpoint-view';
import { deliveryHeaders, type EndpointCache } from './endpoint-cache';
import type { createDeliveredRecorder } from './delivered-recorder';

// One attempt of one claimed delivery (decision 0018): sign, post, record, and the endpoint's run of failures.

export type DeliveredRecorder = ReturnType<typeof createDeliveredRecorder>;

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

/** What an attempt needs beside the app's parts: endpoints read once per burst, and successes written in groups. */
export type AttemptDeps = WebhookDeliveryDeps & { endpoints: EndpointCache; delivered: DeliveredRecorder };

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

/** A failed attempt: when to try again (the schedule, or a longer Retry-After), or give up; and the endpoint's run of failures. */
async function afterFailure(deps: AttemptDeps, delivery: ClaimedDelivery, endpointId: string, attempt: Attempt, error: string | null): Promise<void> {
  const { db } = deps;
  const now = attempt.at;
  const recorded = await recordAttempt(db, delivery.id, attemptValues(attempt).set);
  const fresh = await deps.endpoints.get(endpointId, { fresh: true });
  if (fresh) await noteFailure(deps, fresh.row, now, error ?? `HTTP ${attempt.result.kind === 'answer' ? attempt.result.statusCode : ''}`);
  if (!recorded) return;
  const retryAfter = attempt.result.kind === 'answer' ? parseRetryAfter(attempt.result.retryAfter, now.getTime()) : null;
  const next = nextWebhookAttemptAt({ attempts: recorded.attempts, nowMs: now.getTime(), retryAfterMs: retryAfter, maxAttempts: recorded.maxAttempts });
  await scheduleNext(db, delivery, recorded, next);
}

/**
 * After a failed attempt: pending until `next` (or failed when null), the history cut to its last entries; only while
 * the delivery is still pending under this run's claim (not delivered meanwhile, nor claimed by another run).
 */
export async function scheduleNext(
  db: Db,
  delivery: Pick<ClaimedDelivery, 'id' | 'leaseUntil'>,
  recorded: { history: (typeof webhookDeliveries.$inferSelect)['history'] },
  next: number | null,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      state: next === null ? 'failed' : 'pending',
      nextAttemptAt: next === null ? null : new Date(next),
      ...(recorded.history.length > HISTORY_KEPT ? { history: recorded.history.slice(-HISTORY_KEPT) } : {}),
    })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.state, 'pending'), eq(webhookDeliveries.nextAttemptAt, delivery.leaseUntil)));
}

/**
 * One attempt of a claimed delivery: sign, post, and record it (a failure also sets its next try, or gives up). A
 * success is written with others (the recorder's group): its write is returned, to wait for before the run ends,
 * so the next attempt need not wait for it.
 */
export async function attemptDelivery(deps: AttemptDeps, delivery: ClaimedDelivery): Promise<{ written: Promise<boolean> } | undefined> {
  const { db, clock } = deps;
  const endpoint = await deps.endpoints.get(delivery.endpointId);
  if (!endpoint) return undefined; // deleted with its deliveries
  const now = clock.now();
  if (!endpoint.row.enabled && !delivery.test) {
    await recordAttempt(db, delivery.id, { state: 'failed', nextAttemptAt: null, lastError: messages.webhooks.disabledNotSent });
    return undefined;
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
    const written = deps.delivered.record({ id: delivery.id, at: now, statusCode: result.statusCode, durationMs: result.durationMs, excerpt: result.excerpt });
    // The endpoint works again: its failing streak ends, once the success is on record (a success that could not be
    // written is sent again when its lease runs out, and ends it then).
    if (endpoint.row.failingSince && (await written)) {
      await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.row.id));
      deps.endpoints.forget(endpoint.row.id);
    }
    return { written };
  }
  if (answer === 'gone') {
    await recordAttempt(db, delivery.id, { ...set, state: 'failed', nextAttemptAt: null });
    await disableEndpoint(db, endpoint.row.id, 'gone', now);
    deps.endpoints.forget(endpoint.row.id);
    return undefined;
  }
  await afterFailure(deps, delivery, endpoint.row.id, attempt, error);
  return undefined;
}

/**
 * An attempt that failed on our side (an error of its own, not the receiver's: a secret that cannot be read, say):
 * recorded as a failed attempt with its reason and tried again on the schedule, so it gives up in time as any other.
 */
export async function recordUnexpectedFailure(deps: AttemptDeps, delivery: ClaimedDelivery, err: unknown): Promise<void> {
  deps.logger.error({ err, deliveryId: delivery.id }, 'a webhook attempt failed unexpectedly');
  const now = deps.clock.now();
  const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  const recorded = await recordAttempt(deps.db, delivery.id, attemptValues({ at: now, result: { kind: 'error', error, durationMs: 0 } }).set);
  if (!recorded) return;
  await scheduleNext(deps.db, delivery, recorded, nextWebhookAttemptAt({ attempts: recorded.attempts, nowMs: now.getTime(), maxAttempts: recorded.maxAttempts }));
}
