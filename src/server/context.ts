import type { Logger } from 'pino';
import type { Auth } from './auth/create-auth';
import type { Database, Db } from './db/client';
import type { Env } from './env';
import type { Mailer } from './integrations/mail/mailer';
import type { AfterAnswer } from './lib/after-answer';
import type { Clock } from './lib/clock';
import type { ClientEventLog } from './services/client-events/client-event-log';
import type { JobQueue } from './jobs/job-worker';
import type { AppMetrics } from './lib/metrics';
import type { RateStore } from './lib/rate-store';
import type { Readiness } from './lib/readiness';
import type { SettingsCache } from './services/platform-settings/settings-cache';
import type { ApiKeyCaller } from './services/api-keys/api-key-caller';
import type { SyncCapabilities } from './services/sheet-sync/sync-capabilities';
import type { PortalMetaCache } from './services/portal-lookup/portal-meta-cache';
import type { QueueInputsCache } from './services/managed-clients/queue-inputs-cache';

/** What every route, service and job can reach. Built once in buildApp. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  rateStore: RateStore;
  settings: SettingsCache;
  auth: Auth;
  /** The time: read it here, never from Date.now() (tests advance a manual clock). */
  clock: Clock;
  /** What portal lookups need of a portal and its business, remembered: writers call portalChanged / businessChanged. */
  portalMeta: PortalMetaCache;
  /** Managed portals' queue inputs as this instance's last write of each left them, valid while nobody took its lease since. */
  queueInputs: QueueInputsCache;
  /** Records what changed for which client, in the change's transaction (notifications and webhooks subscribe). */
  clientEvents: ClientEventLog;
  /** Work a request starts without waiting for it (e-mails whose timing would tell whether an address is known). */
  afterAnswer: AfterAnswer;
  /** How syncs write on this database (COPY or statements, in steps or not), decided once at start. */
  syncCapabilities: SyncCapabilities;
  /** The durable job queue (decision 0016): kinds register handlers; work is enqueued in the change's transaction. */
  jobs: JobQueue;
  /** This instance's Prometheus metrics (GET /metrics): parts that keep a depth or a count add a gauge here. */
  metrics: AppMetrics;
  /** Whether the instance takes traffic (GET /api/health/ready): draining on shutdown, holds while recovering. */
  readiness: Readiness;
  /** Portals the recovery at start is finishing (embedded database): requests naming one answer 503 until it is done. */
  recoveringPortals: Set<string>;
  startedAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    sessionUser?: SessionUser;
    /** Set when the request authenticated with an API key (plugins/api-key-auth.ts): the key and its business. */
    apiKey?: ApiKeyCaller;
  }
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: 'user' | 'admin';
  sessionId: string;
  impersonatedBy: string | null;
}
