import crypto from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { createAuth } from './auth/create-auth';
import type { AppContext } from './context';
import type { Database } from './db/client';
import type { Env } from './env';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer } from './integrations/mail/mailer';
import { systemClock, type Clock } from './lib/clock';
import { memoryRateStore, redisRateStore, withMemoryFallback } from './lib/rate-store';
import { OneLineRequestLog, serializeRequest } from './lib/request-log';
import { registerErrorHandler } from './plugins/error-handler';
import { trustProxyOption } from './env';
import { registerRequestContext } from './lib/request-context';
import { registerImpersonationAudit } from './plugins/impersonation-audit';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerCustomDomainHosts } from './plugins/custom-domain-hosts';
import { registerWebApp, webDist } from './plugins/web-app';
import { adminBusinessRoutes } from './routes/admin/business-routes';
import { adminRoutes } from './routes/admin/admin-routes';
import { registerRequestMetrics } from './plugins/request-metrics';
import { registerAdminIpAllowList } from './plugins/admin-ip-allowlist';
import { registerMaintenance } from './plugins/maintenance';
import { registerPortalRecoveryGate } from './plugins/portal-recovery';
import { registerBusinessApiLimits } from './plugins/business-api-limits';
import { registerApiKeyAudit, registerApiSecurityDocs } from './plugins/api-key-auth';
import { apiKeyRoutes } from './routes/v1/api-key-routes';
import { webhookRoutes } from './routes/v1/webhook-routes';
import { clientEventRoutes } from './routes/v1/client-event-routes';
import { customDomainRoutes } from './routes/v1/custom-domain-routes';
import { scheduleDomainRecheck } from './jobs/domain-recheck';
import { registerWebhookJobs } from './jobs/webhook-jobs';
import { registerClientEventJobs } from './jobs/client-event-jobs';
import { registerDatabaseMaintenanceJob } from './jobs/database-maintenance-job';
import { registerEstimateJobs } from './jobs/estimate-jobs';
import { documentIdempotency, openApiDefinition } from './routes/system/openapi-docs';
import { scheduleBackOfficeJobs } from './jobs/lifecycle-emails';
import { authRoutes } from './routes/auth/auth-routes';
import { publicConfigRoutes } from './routes/public/config-routes';
import { publicContactRoutes } from './routes/public/contact-routes';
import { publicWaitlistRoutes } from './routes/public/waitlist-routes';
import { resetLinkRoutes } from './routes/public/reset-link-routes';
import { publicPortalRoutes } from './routes/public/portal-routes';
import { publicPortalLogoRoutes } from './routes/public/portal-logo-routes';
import { portalLogoRoutes } from './routes/v1/portal-logo-routes';
import { clientPortalRoutes } from './routes/v1/client-portal-routes';
import { healthRoutes } from './routes/system/health-routes';
import { metricsRoutes } from './routes/system/metrics-routes';
import { tlsAllowedRoutes } from './routes/system/tls-allowed-routes';
import { createMetrics, registerDatabaseGauges } from './lib/metrics';
import { createReadiness, type Readiness } from './lib/readiness';
import { meRoutes } from './routes/v1/me-routes';
import { portalRoutes } from './routes/v1/portal-routes';
import { sheetSourceRoutes } from './routes/v1/sheet-source-routes';
import { clientRoutes } from './routes/v1/client-routes';
import { managedClientRoutes } from './routes/v1/managed-client-routes';
import { dashboardRoutes } from './routes/v1/dashboard-routes';
import { clientDetailRoutes } from './routes/v1/client-detail-routes';
import { workloadRoutes } from './routes/v1/workload-routes';
import { analyticsRoutes } from './routes/v1/analytics-routes';
import { notificationRoutes } from './routes/v1/notification-routes';
import { publicNotificationRoutes } from './routes/public/notification-routes';
import { registerSheetSyncJob } from './jobs/sheet-sync-job';
import { createSettingsCache } from './services/platform-settings/settings-cache';
import { installTemplateCache } from './services/email-templates/template-cache';
import { sendGridSettingReader } from './services/platform-settings/mail-settings';
import { createPortalMetaCache } from './services/portal-lookup/portal-meta-cache';
import { createQueueInputsCache, registerQueueInputsGauges } from './services/managed-clients/queue-inputs-cache';
import { createClientEventLog } from './services/client-events/client-event-log';
import { syncCapabilities } from './services/sheet-sync/sync-capabilities';
import { createJobQueue } from './jobs/job-worker';
import { registerJobQueueGauges } from './jobs/job-queue-metrics';
import { createAfterAnswer } from './lib/after-answer';
import { billingRoutes } from './routes/v1/billing-routes';
import { registerNotifications } from './services/notifications/register-notifications';

export interface BuildAppOptions {
  env: Env;
  database: Database;
  logger?: Logger;
  mailer?: Mailer;
  /** The app's time (default the system clock; tests pass a manual one). */
  clock?: Clock;
  /** Serve dist/web (default true). */
  serveWeb?: boolean;
  /** Run the sheet sync scheduler (default: not under NODE_ENV=test). */
  startJobs?: boolean;
  /** The instance's readiness (main.ts passes its own to drain on shutdown; default a new one). */
  readiness?: Readiness;
  /** One webhook attempt's time-out (default 15 s; tests pass a short one instead of waiting). */
  webhookTimeoutMs?: number;
  /** Tests: a managed write's remembered queue inputs are checked against a read each time (queue-inputs-cache.ts). */
  checkQueueInputs?: boolean;
  /** Fastify's serverFactory: main.ts hands the server already listening since the start over to the app. */
  serverFactory?: FastifyServerOptions['serverFactory'];
}

/**
 * A body schema that also takes null (`.nullish()`: every field optional, Fastify hands a missing body over as
 * null) is an optional request body: @fastify/swagger marks every body required, so the document says so here.
 */
function documentOptionalBodies<T extends { paths?: unknown }>(doc: T): T {
  type Schema = { type?: string; anyOf?: Schema[] };
  type Operation = { requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> } };
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Record<string, Operation | undefined>>)) {
    for (const op of Object.values(item)) {
      const body = op?.requestBody;
      const media = body?.content?.['application/json'];
      const branches = media?.schema?.anyOf;
      if (!body || !media || !branches?.some((b) => b.type === 'null')) continue;
      const rest = branches.filter((b) => b.type !== 'null');
      body.required = false;
      if (rest.length === 1) media.schema = rest[0];
    }
  }
  return doc;
}

/**
 * Builds the whole app (API, auth, web) without listening; tests use it through app.inject. In order: the server,
 * the context every part reaches, the plugins (on every request), the API document, the routes, the jobs, the web.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const logger = options.logger ?? pino({ level: options.env.LOG_LEVEL });
  const app = createServer(options, logger);
  // The Redis client is loaded only when REDIS_URL is set.
  const redis = options.env.REDIS_URL ? new (await import('ioredis')).Redis(options.env.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  const ctx = createContext(options, logger, redis);
  app.decorate('ctx', ctx);
  registerJobQueueGauges(ctx.metrics, ctx.jobs);
  registerQueueInputsGauges(ctx.metrics, ctx.queueInputs);
  registerNotifications(ctx);
  app.addHook('onClose', async () => {
    await ctx.afterAnswer.settled();
    await ctx.jobs.stop();
    if (!options.mailer) ctx.mailer.close();
    redis?.disconnect();
  });

  await registerPlugins(app, redis);
  await registerApiDocs(app);
  for (const routes of ROUTES) await app.register(routes);
  registerJobs(app, options);
  if (options.serveWeb !== false) await registerWebApp(app);
  return app;
}

/** Fastify with the app's logging, proxies, body limit, request ids and zod schemas. */
function createServer(options: BuildAppOptions, logger: Logger): FastifyInstance {
  const app = Fastify({
    // Request logs without query values (tokens, clients' e-mails and names): lib/request-log.ts.
    loggerInstance: logger.child({}, { serializers: { req: serializeRequest } }),
    logController: new OneLineRequestLog(),
    trustProxy: trustProxyOption(options.env.TRUST_PROXY),
    serverFactory: options.serverFactory,
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks on every request are synchronous where they can be (an async hook costs a promise per request).
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    // Shutting down: each answer closes its connection, so the balancer's kept-alive ones are gone before we close.
    if (app.ctx.readiness.draining) reply.header('connection', 'close');
    done();
  });
  return app;
}

/** What every route, service and job reaches (context.ts), made once. */
function createContext(options: BuildAppOptions, logger: Logger, redis: Redis | undefined): AppContext {
  const { env, database } = options;
  const clock = options.clock ?? systemClock;
  const settings = createSettingsCache(database.db, { clock, maxAgeMs: env.SETTINGS_CACHE_MS });
  installTemplateCache(database.db, { clock, maxAgeMs: env.SETTINGS_CACHE_MS });
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      logger,
      sendgrid: sendGridSettingReader({ db: database.db, settings, authSecret: env.BETTER_AUTH_SECRET ?? '' }),
    });
  // Limits and throttles count in the app's time, like everything else (tests move it instead of waiting).
  const memory = () => memoryRateStore(() => clock.nowMs());
  const rateStore = redis ? withMemoryFallback(redisRateStore(redis), memory(), redisWarning(logger)) : memory();
  const metrics = createMetrics({ logger });
  registerDatabaseGauges(metrics, database);
  return {
    env,
    database,
    db: database.db,
    logger,
    mailer,
    rateStore,
    settings,
    auth: createAuth({ env, db: database.db, logger, mailer, rateStore, settings }),
    clock,
    portalMeta: createPortalMetaCache({ db: database.db, clock, ttlMs: env.PORTAL_META_CACHE_MS }),
    queueInputs: createQueueInputsCache({ checkHits: options.checkQueueInputs ?? false }),
    clientEvents: createClientEventLog({ idsInOneBlock: database.kind === 'pglite' }),
    afterAnswer: createAfterAnswer(logger),
    syncCapabilities: syncCapabilities(database, env),
    jobs: createJobQueue({ db: database.db, clock, logger }),
    metrics,
    readiness: options.readiness ?? createReadiness(),
    recoveringPortals: new Set(),
    startedAt: clock.now(),
  };
}

/** The hooks every request passes through (errors, security headers, limits, audits, maintenance), in this order. */
async function registerPlugins(app: FastifyInstance, redis: Redis | undefined): Promise<void> {
  registerErrorHandler(app);
  registerRequestContext(app);
  registerImpersonationAudit(app);
  registerCustomDomainHosts(app);
  await registerSecurity(app, webDist);
  await registerRateLimit(app, redis);
  registerRequestMetrics(app);
  registerAdminIpAllowList(app);
  registerMaintenance(app);
  registerPortalRecoveryGate(app);
  registerBusinessApiLimits(app);
  registerApiKeyAudit(app);
  registerApiSecurityDocs(app);
}

/** The OpenAPI document (GET /api/openapi.json) and its viewer (/api/docs), made from the routes' schemas. */
async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: openApiDefinition(),
    transform: jsonSchemaTransform,
    transformObject: (doc) => ('openapiObject' in doc ? documentIdempotency(documentOptionalBodies(doc.openapiObject)) : doc.swaggerObject),
  });
  // The viewer's own policy, with base-uri 'none' (security checklist 23) where the plugin says 'self'.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: (csp) => csp.replace("base-uri 'self'", "base-uri 'none'") });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** Every route plugin, registered in this order (system, auth, public forms, the app's API, portals, the rest). */
const ROUTES: FastifyPluginAsync[] = [
  healthRoutes,
  metricsRoutes,
  tlsAllowedRoutes,
  authRoutes,
  publicConfigRoutes,
  publicContactRoutes,
  publicWaitlistRoutes,
  resetLinkRoutes,
  meRoutes,
  adminBusinessRoutes,
  adminRoutes,
  portalRoutes,
  sheetSourceRoutes,
  clientRoutes,
  managedClientRoutes,
  publicPortalRoutes,
  publicPortalLogoRoutes,
  portalLogoRoutes,
  clientPortalRoutes,
  dashboardRoutes,
  clientDetailRoutes,
  workloadRoutes,
  analyticsRoutes,
  notificationRoutes,
  publicNotificationRoutes,
  apiKeyRoutes,
  webhookRoutes,
  clientEventRoutes,
  customDomainRoutes,
  billingRoutes,
];

/** The job handlers; their schedules, the sheet sync scheduler and the queue's worker only when jobs start. */
function registerJobs(app: FastifyInstance, options: BuildAppOptions): void {
  scheduleBackOfficeJobs(app);
  scheduleDomainRecheck(app);
  const startJobs = options.startJobs ?? options.env.NODE_ENV !== 'test';
  registerWebhookJobs(app, { timeoutMs: options.webhookTimeoutMs, schedulePurge: startJobs });
  registerClientEventJobs(app, { schedulePurge: startJobs });
  registerEstimateJobs(app, { scheduleDaily: startJobs });
  registerDatabaseMaintenanceJob(app, { schedule: startJobs });
  if (startJobs) {
    registerSheetSyncJob(app);
    app.addHook('onReady', async () => app.ctx.jobs.start());
  }
}

/** Logs that Redis fails, at most once a minute: limits then count per instance until it answers again. */
function redisWarning(logger: Logger): (err: unknown) => void {
  let last = 0;
  return (err) => {
    if (Date.now() - last < 60_000) return;
    last = Date.now();
    logger.warn({ err }, 'Redis does not answer: rate limits count on this instance alone until it does');
  };
}
