import type { AppMetrics } from '../lib/metrics';
import type { QueueDepthRow } from '../services/job-queue/job-types';
import type { JobQueue } from './job-worker';

/** Keeps one read in flight: the gauges of one scrape are collected side by side and share the same query. */
function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    inFlight ??= read().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/**
 * The durable queue on /metrics (decisions 0015 and 0016), from one query per scrape: jobs by kind and state (finished
 * and failed ones of the last day), the queued ones due now and the age of the oldest of them (a queue that only grows,
 * or an oldest that keeps ageing, means its worker is stuck or its way out is down), and the channels this instance
 * holds after their way out failed.
 */
export function registerJobQueueGauges(metrics: AppMetrics, jobs: Pick<JobQueue, 'depth' | 'pausedChannels'>): void {
  const depth = sharedRead(() => jobs.depth());
  const perKind = (rows: QueueDepthRow[], value: (row: QueueDepthRow) => number | null) =>
    rows.filter((r) => r.state === 'queued').flatMap((r) => {
      const v = value(r);
      return v === null ? [] : [{ labels: { kind: r.kind }, value: v }];
    });
  metrics.addGauge({
    name: 'statuslink_job_queue_jobs',
    help: 'Jobs of the durable queue by kind and state: queued and running now; done and failed during the last day.',
    labelNames: ['kind', 'state'],
    read: async () => (await depth()).map((r) => ({ labels: { kind: r.kind, state: r.state }, value: r.count })),
  });
  metrics.addGauge({
    name: 'statuslink_job_queue_due_jobs',
    help: 'Queued jobs whose time has come, by kind (the rest wait for a later time: a batching window, a retry).',
    labelNames: ['kind'],
    read: async () => perKind(await depth(), (r) => r.due),
  });
  metrics.addGauge({
    name: 'statuslink_job_queue_oldest_due_seconds',
    help: 'How long the oldest due job of each kind has waited to be run, in seconds.',
    labelNames: ['kind'],
    read: async () => perKind(await depth(), (r) => r.oldestDueSeconds),
  });
  metrics.addGauge({
    name: 'statuslink_job_channel_paused',
    help: 'Channels (email, sms) this instance holds back after their way out failed: 1 while held.',
    labelNames: ['channel'],
    read: () => jobs.pausedChannels().map((p) => ({ labels: { channel: p.channel }, value: 1 })),
  });
}
