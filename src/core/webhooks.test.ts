import { describe, expect, it } from 'vitest';
import { classifyWebhookAnswer, nextWebhookAttemptAt, parseRetryAfter, WEBHOOK_MAX_ATTEMPTS, webhookEventTypes, webhookUrlProblem } from './webhooks';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;

describe('webhook retry schedule (Standard Webhooks)', () => {
  it.each([
    [1, 5 * S],
    [2, 5 * MIN],
    [3, 30 * MIN],
    [4, 2 * H],
    [5, 5 * H],
    [6, 10 * H],
    [7, 14 * H],
    [8, 20 * H],
    [9, 24 * H],
  ])('after failed attempt %d the next comes %d ms later', (attempts, wait) => {
    expect(nextWebhookAttemptAt({ attempts, nowMs: 0 })).toBe(wait);
  });

  it('gives up after the tenth attempt; a resend tries once', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(10);
    expect(nextWebhookAttemptAt({ attempts: 10, nowMs: 0 })).toBeNull();
    expect(nextWebhookAttemptAt({ attempts: 3, nowMs: 0, maxAttempts: 3 })).toBeNull();
  });

  it('honours a Retry-After asking for longer than the schedule, never past 24 hours', () => {
    expect(nextWebhookAttemptAt({ attempts: 1, nowMs: 0, retryAfterMs: 120 * S })).toBe(120 * S);
    expect(nextWebhookAttemptAt({ attempts: 2, nowMs: 0, retryAfterMs: 120 * S })).toBe(5 * MIN);
    expect(nextWebhookAttemptAt({ attempts: 1, nowMs: 0, retryAfterMs: 72 * H })).toBe(24 * H);
  });

  it.each([
    ['120', 120 * S],
    [' 0 ', 0],
    ['Thu, 01 Jan 1970 00:01:40 GMT', 90 * S],
    ['soon', null],
    ['', null],
    [undefined, null],
  ])('Retry-After %j is %j ms', (header, ms) => {
    expect(parseRetryAfter(header, 10 * S)).toBe(ms);
  });

  it.each([
    [200, 'delivered'],
    [204, 'delivered'],
    [301, 'retry'],
    [404, 'retry'],
    [410, 'gone'],
    [429, 'retry'],
    [500, 'retry'],
  ] as const)('an answer %d means %s', (status, meaning) => {
    expect(classifyWebhookAnswer(status)).toBe(meaning);
  });
});

describe('webhook endpoints', () => {
  it('offers the client events, client updates and failed syncs', () => {
    expect(webhookEventTypes).toContain('client.status_changed');
    expect(webhookEventTypes).toContain('client.update_submitted');
    expect(webhookEventTypes).toContain('sync.failed');
  });

  it.each([
    ['https://hooks.example.com/statuslink', false, null],
    ['http://hooks.example.com/statuslink', false, 'The address must start with https://'],
    ['http://127.0.0.1:3325/hook', true, null],
    ['ftp://example.com/x', true, 'The address must start with https://'],
    ['https://user:pw@example.com/x', false, 'The address must not contain a user name or password'],
    ['example.com/hook', false, 'Enter a full address, e.g. https://example.com/webhooks/statuslink'],
    [`https://example.com/${'a'.repeat(2000)}`, false, 'The address must be at most 2,000 characters'],
  ])('%s (http allowed: %s): %s', (url, allowHttp, problem) => {
    expect(webhookUrlProblem(url, { allowHttp })).toBe(problem);
  });
});
