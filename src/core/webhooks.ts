// Webhooks (issue 22, D13, decision 0018): which events an endpoint can ask for, when a failed delivery is tried
// again (the Standard Webhooks schedule), how an answer is read, and which addresses an endpoint may have.
// Pure: signing and sending live in the server.
import { clientEventTypes } from './client-events';

/** Events an endpoint can subscribe to: the client events, a client's update from the portal, a failed sync. */
export const webhookEventTypes = [...clientEventTypes, 'client.update_submitted', 'sync.failed'] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];
/** The event of "Send test event": sent to the endpoint whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What each event means, for the endpoint form and the docs. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'client.added': 'A client was added',
  'client.status_changed': "A client's status changed",
  'client.completed': 'A client was completed',
  'client.cancelled': 'A client was cancelled',
  'client.queue_moved': "A client's queue position changed",
  'client.estimate_changed': "A client's estimated completion changed",
  'client.removed': 'A client was removed',
  'client.restored': 'A removed client was restored',
  'client.update_submitted': 'A client sent an update from the portal',
  'sync.failed': 'A sync of a Google Sheet or file failed',
};

/** Waits before each retry after a failed attempt (Standard Webhooks): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const WEBHOOK_RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400].map((s) => s * 1000);
/** The first attempt and one per retry. */
export const WEBHOOK_MAX_ATTEMPTS = 1 + WEBHOOK_RETRY_DELAYS_MS.length;
/** An endpoint that has failed every delivery for this long is disabled (and its owner told). */
export const WEBHOOK_DISABLE_AFTER_FAILING_MS = 5 * 24 * 60 * 60 * 1000;
/** One attempt may take this long, from connecting to the end of the answer. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** Characters of an answer kept to show the business. */
export const WEBHOOK_EXCERPT_CHARS = 500;
/** A Retry-After longer than this is read as this (the schedule's longest wait). */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * When to try again after failed attempt number `attempts` (1 = the first try), or null when no try is left. A
 * Retry-After from the receiver is honoured when it asks for longer than the schedule (never past 24 hours).
 * `maxAttempts`: fewer for a manual resend (one try).
 */
export function nextWebhookAttemptAt(input: { attempts: number; nowMs: number; retryAfterMs?: number | null; maxAttempts?: number }): number | null {
  const max = input.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;
  if (input.attempts >= max) return null;
  const scheduled = WEBHOOK_RETRY_DELAYS_MS[Math.min(input.attempts, WEBHOOK_RETRY_DELAYS_MS.length) - 1] ?? WEBHOOK_RETRY_DELAYS_MS[0]!;
  const asked = Math.min(Math.max(input.retryAfterMs ?? 0, 0), MAX_RETRY_AFTER_MS);
  return input.nowMs + Math.max(scheduled, asked);
}

/** A Retry-After header (seconds, or an HTTP date) as milliseconds from `nowMs`; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined | null, nowMs: number): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** What an HTTP answer means for a delivery: delivered (2xx), the endpoint is gone for good (410), or try again. */
export type WebhookAnswer = 'delivered' | 'gone' | 'retry';

export function classifyWebhookAnswer(status: number): WebhookAnswer {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  return 'retry';
}

/**
 * Why `url` cannot be an endpoint, or null when it can: an absolute https address without credentials (http too
 * only where private addresses are allowed, i.e. tests and local development), at most 2,000 characters. Where the
 * name leads is checked when connecting (the server's address guard).
 */
export function webhookUrlProblem(url: string, options: { allowHttp: boolean }): string | null {
  if (url.length > 2000) return 'The address must be at most 2,000 characters';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'Enter a full address, e.g. https://example.com/webhooks/statuslink';
  }
  if (parsed.protocol !== 'https:' && !(options.allowHttp && parsed.protocol === 'http:')) return 'The address must start with https://';
  if (parsed.username || parsed.password) return 'The address must not contain a user name or password';
  if (!parsed.hostname) return 'Enter a full address, e.g. https://example.com/webhooks/statuslink';
  return null;
}

/** A delivery as the business sees it: waiting for its next try, delivered, or given up. */
export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

/** Why an endpoint was disabled: by its owner, because it answered 410 Gone, or after five days of failures. */
export type WebhookDisabledReason = 'manual' | 'gone' | 'failing';
