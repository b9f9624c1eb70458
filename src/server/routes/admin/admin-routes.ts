import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityPageSchema,
  adminSessionSchema,
  adminSettingsSchema,
  contactMessagePageSchema,
  emailTemplateListSchema,
  impersonationStoppedSchema,
  inboxStatuses,
  renderedPreviewSchema,
  templateTestSentSchema,
  waitlistPageSchema,
  type InboxStatus,
} from '@core/api/admin';
import { adminAnalyticsSchema, adminDashboardSchema, type ActivityItem } from '@core/api/admin-metrics';
import { okSchema } from '@core/api/common';
import { businessProfiles } from '../../db/schema';
import { AppError, ValidationError } from '../../errors';
import { requireAdmin, requireSession } from '../../plugins/session';
import { recordActivity } from '../../services/activity/record-activity';
import { activityTypeLabels } from '../../services/admin/describe-activity';
import { analyticsCsv, analyticsMetricKeys, getAnalytics, type AnalyticsMetricKey } from '../../services/admin/get-analytics';
import { getDashboard } from '../../services/admin/get-dashboard';
import { stopImpersonation } from '../../services/admin/impersonation';
import { listContactMessages, listWaitlistEntries, setInboxStatus } from '../../services/admin/inbox';
import { listActivity } from '../../services/admin/list-activity';
import { analyticsPeriods, type AnalyticsPeriod } from '../../services/admin/metrics';
import { emailTemplateCatalog, emailTemplateKeys } from '../../services/email-templates/catalog';
import { listEmailTemplates } from '../../services/email-templates/list-email-templates';
import { renderEmail, sampleValues, unknownPlaceholders } from '../../services/email-templates/render';
import { resetEmailTemplate, saveEmailTemplate, TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX } from '../../services/email-templates/save-email-template';
import { templateCacheFor } from '../../services/email-templates/template-cache';
import { DEFAULT_MAIL_FROM } from '../../integrations/mail/mailer';
import { getPlatformSettings } from '../../services/platform-settings/get-platform-settings';
import { mailStatus } from '../../services/platform-settings/mail-settings';
import { stripeConnection } from '../../integrations/stripe/stripe-connection';
import { platformSecretNames, readSealedSecrets, secretStatuses } from '../../services/platform-settings/platform-secrets';
import { savePlatformSettings, settingsUpdatedAt } from '../../services/platform-settings/save-platform-settings';
import { actorOf, errorShape, fetchHeaders, guardErrors, hasTwoFactor, requireOperator } from './guard';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type ActivityLike = { createdAt: Date } & Omit<ActivityItem, 'createdAt'>;
const activityOut = (a: ActivityLike) => ({ ...a, createdAt: a.createdAt.toISOString() });

const daysQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d): d is AnalyticsPeriod => (analyticsPeriods as readonly number[]).includes(d), { error: 'days must be 7, 30 or 90' })
    .default(30),
});

const templateKeyParams = z.object({ key: z.enum(emailTemplateKeys) });
const templateDraft = z.object({ subject: z.string().max(TEMPLATE_SUBJECT_MAX), body: z.string().max(TEMPLATE_BODY_MAX) });

/** Back office: dashboard, analytics, settings, e-mail templates, inbox, activity log, operator session. */
export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // --- Reachable before the second factor is set up ---
  r.get(
    '/api/admin/session',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['admin'],
        summary: "The operator's back-office state: whether two-factor sign-in is required and set up",
        response: { 200: adminSessionSchema, ...guardErrors },
      },
    },
    async (req) => {
      const s = await app.ctx.settings.get();
      return { twoFactor: { required: s.security.twoFactorAuthRequired, enabled: await hasTwoFactor(req) } };
    },
  );

  // "Back to admin" from the business app: the impersonated session, not an operator's, calls this.
  r.post(
    '/api/admin/impersonation/stop',
    {
      preValidation: requireSession,
      schema: {
        tags: ['admin'],
        summary: "End an impersonation and return to the operator's own session",
        response: { 200: impersonationStoppedSchema, 400: errorShape, 401: errorShape },
      },
    },
    async (req, reply) => {
      const user = req.sessionUser!;
      if (!user.impersonatedBy) throw new ValidationError('You are not signed in as a business.', 'not_impersonating');
      const [profile] = await app.ctx.db.select().from(businessProfiles).where(eq(businessProfiles.userId, user.id));
      // The end of the impersonation and its audit row are written in one transaction: both or neither.
      const headers = await stopImpersonation({
        auth: app.ctx.auth,
        headers: fetchHeaders(req),
        audit: {
          type: 'admin.impersonation_stopped',
          actorUserId: user.impersonatedBy,
          businessId: profile?.id ?? null,
          ipAddress: req.ip,
          detail: { companyName: profile?.companyName ?? null, userId: user.id },
        },
      }).catch((err: unknown) => {
        req.log.warn({ err }, 'stop impersonating failed or not recorded');
        throw new AppError(400, 'not_impersonating', 'The operator session could not be restored. Please sign in again.');
      });
      const cookies = headers?.getSetCookie?.() ?? [];
      if (cookies.length) reply.header('set-cookie', cookies);
      return { redirectTo: '/admin/businesses' };
    },
  );

  // --- Everything else needs a full operator ---
  await app.register(async (scoped) => {
    scoped.addHook('preValidation', requireOperator);
    adminMetricsRoutes(scoped);
    adminSettingsRoutes(scoped);
    adminEmailTemplateRoutes(scoped);
    adminInboxRoutes(scoped);
  });
}

/** Dashboard, analytics (and its CSV export) and the activity log. Registered behind requireOperator. */
function adminMetricsRoutes(app: FastifyInstance) {
  const s = app.withTypeProvider<ZodTypeProvider>();
  s.get(
    '/api/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary: 'Dashboard figures from the database, measured system health and recent activity',
        response: {
          200: adminDashboardSchema,
          ...guardErrors,
        },
      },
    },
    async () => {
      const d = await getDashboard({
        db: app.ctx.db,
        startedAt: app.ctx.startedAt,
        databaseKind: app.ctx.database.kind,
        ping: () => app.ctx.database.ping(),
        timings: app.requestTimings,
      });
      return { ...d, recentActivity: d.recentActivity.map(activityOut) };
    },
  );

  s.get(
    '/api/admin/analytics',
    {
      schema: {
        tags: ['admin'],
        summary: 'Analytics for the last 7, 30 or 90 days against the period before',
        querystring: daysQuery,
        response: {
          200: adminAnalyticsSchema,
          400: errorShape,
          ...guardErrors,
        },
      },
    },
    async (req) => getAnalytics(app.ctx.db, req.query.days as AnalyticsPeriod),
  );

  s.get(
    '/api/admin/analytics/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The analytics shown for a period, as a CSV download',
        querystring: daysQuery.extend({ metrics: z.string().max(200).optional() }),
      },
    },
    async (req, reply) => {
      const days = req.query.days as AnalyticsPeriod;
      const wanted = req.query.metrics
        ?.split(',')
        .map((m) => m.trim())
        .filter((m): m is AnalyticsMetricKey => (analyticsMetricKeys as readonly string[]).includes(m));
      const a = await getAnalytics(app.ctx.db, days);
      const csv = analyticsCsv(a, wanted && req.query.metrics !== undefined ? wanted : analyticsMetricKeys);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statuslink-analytics-${days}d-${a.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  s.get(
    '/api/admin/activity',
    {
      schema: {
        tags: ['admin'],
        summary: 'The activity log, newest first; filter by type (or group like "admin."), actor, business and date',
        querystring: z.object({
          type: z.string().max(100).optional(),
          actor: z.string().max(200).optional(),
          businessId: z.string().max(100).optional(),
          from: z.iso.date().optional(),
          to: z.iso.date().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
          offset: z.coerce.number().int().min(0).default(0),
        }),
        response: {
          200: activityPageSchema,
          ...guardErrors,
        },
      },
    },
    async (req) => {
      const q = req.query;
      const { items, total } = await listActivity(app.ctx.db, {
        type: q.type,
        actor: q.actor,
        businessId: q.businessId,
        from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
        to: q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
        limit: q.limit,
        offset: q.offset,
      });
      return {
        items: items.map(activityOut),
        total,
        types: Object.entries(activityTypeLabels).map(([type, label]) => ({ type, label })),
      };
    },
  );
}

/** Platform settings: read (secrets masked) and save. Registered behind requireOperator. */
function adminSettingsRoutes(app: FastifyInstance) {
  const s = app.withTypeProvider<ZodTypeProvider>();
  s.get(
    '/api/admin/settings',
    { schema: { tags: ['admin'], summary: 'Platform settings (API keys masked)', response: { 200: adminSettingsSchema, ...guardErrors } } },
    async () => settingsView(),
  );

  s.put(
    '/api/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Save the platform settings (validated with the bounds of each control); they take effect at once',
        body: z.object({
          settings: z.record(z.string(), z.unknown()),
          secrets: z.object(Object.fromEntries(platformSecretNames.map((n) => [n, z.string().max(500).nullable().optional()])) as Record<(typeof platformSecretNames)[number], z.ZodOptional<z.ZodNullable<z.ZodString>>>).optional(),
        }),
        response: { 200: adminSettingsSchema, 400: errorShape, ...guardErrors },
      },
    },
    async (req) => {
      await savePlatformSettings(
        { db: app.ctx.db, settings: app.ctx.settings, authSecret: app.ctx.env.BETTER_AUTH_SECRET! },
        { settings: req.body.settings, secrets: req.body.secrets, actorUserId: req.sessionUser!.id, ipAddress: req.ip },
      );
      return settingsView();
    },
  );

  async function settingsView() {
    const settings = await getPlatformSettings(app.ctx.db);
    const sealed = await readSealedSecrets(app.ctx.db);
    const { env } = app.ctx;
    return {
      settings,
      secrets: secretStatuses(sealed, env.BETTER_AUTH_SECRET!),
      updatedAt: iso(await settingsUpdatedAt(app.ctx.db)),
      mail: mailStatus({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM, settings, sealed, authSecret: env.BETTER_AUTH_SECRET! }),
      billing: { connected: (await stripeConnection(app.ctx)) !== null, webhookUrl: `${env.APP_URL}/api/stripe/webhook` },
    };
  }
}

/** E-mail templates: list, save, reset, preview and send a test. Registered behind requireOperator. */
function adminEmailTemplateRoutes(app: FastifyInstance) {
  const s = app.withTypeProvider<ZodTypeProvider>();
  s.get(
    '/api/admin/email-templates',
    {
      schema: {
        tags: ['admin'],
        summary: 'The transactional e-mails with their subject, body and placeholders',
        response: {
          200: emailTemplateListSchema,
          ...guardErrors,
        },
      },
    },
    async () => ({ templates: (await listEmailTemplates(app.ctx.db)).map((t) => ({ ...t, updatedAt: iso(t.updatedAt) })) }),
  );

  s.put(
    '/api/admin/email-templates/:key',
    {
      schema: {
        tags: ['admin'],
        summary: 'Save the subject and body of a template',
        params: templateKeyParams,
        body: templateDraft,
        response: { 200: okSchema, 400: errorShape, ...guardErrors },
      },
    },
    async (req) => {
      await saveEmailTemplate(app.ctx.db, { key: req.params.key, ...req.body, ...actorOf(req), actorUserId: req.sessionUser!.id });
      return { ok: true as const };
    },
  );

  s.delete(
    '/api/admin/email-templates/:key',
    {
      schema: { tags: ['admin'], summary: 'Go back to the built-in text of a template', params: templateKeyParams, response: { 200: okSchema, ...guardErrors } },
    },
    async (req) => {
      await resetEmailTemplate(app.ctx.db, { key: req.params.key, actorUserId: req.sessionUser!.id, ipAddress: req.ip });
      return { ok: true as const };
    },
  );

  s.post(
    '/api/admin/email-templates/:key/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'Render a draft with sample values, the platform name and footer',
        params: templateKeyParams,
        body: templateDraft,
        response: { 200: renderedPreviewSchema, ...guardErrors },
      },
    },
    async (req) => {
      const settings = await app.ctx.settings.get();
      const rendered = renderEmail(req.body, sampleValues(req.params.key, settings), settings);
      return { ...rendered, unknownPlaceholders: unknownPlaceholders(req.params.key, req.body.subject, req.body.body) };
    },
  );

  s.post(
    '/api/admin/email-templates/:key/test',
    {
      schema: {
        tags: ['admin'],
        summary: "Send a draft (or the saved text) with sample values to the operator's own address",
        params: templateKeyParams,
        body: templateDraft.partial(),
        response: { 200: templateTestSentSchema, 400: errorShape, ...guardErrors },
      },
    },
    async (req) => {
      const key = req.params.key;
      const settings = await app.ctx.settings.get();
      const saved = (await templateCacheFor(app.ctx.db).get())[key];
      const draft = { subject: req.body.subject ?? saved.subject, body: req.body.body ?? saved.body };
      if (!draft.subject.trim() || !draft.body.trim()) throw new ValidationError('Subject and body are required');
      const mail = renderEmail(draft, sampleValues(key, settings), settings);
      const to = req.sessionUser!.email;
      await app.ctx.mailer.send({ to, fromName: settings.email.emailSenderName, ...mail, subject: `[Test] ${mail.subject}` });
      await recordActivity(app.ctx.db, {
        type: 'admin.email_template_test_sent',
        actorUserId: req.sessionUser!.id,
        ipAddress: req.ip,
        detail: { key, name: emailTemplateCatalog[key].name, to },
      });
      return { sentTo: to };
    },
  );
}

/** The inbox: contact messages and waitlist sign-ups, marked new or handled. Registered behind requireOperator. */
function adminInboxRoutes(app: FastifyInstance) {
  const s = app.withTypeProvider<ZodTypeProvider>();
  const inboxQuery = z.object({
    status: z.enum(inboxStatuses).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).default(0),
  });

  s.get(
    '/api/admin/inbox/contact',
    {
      schema: {
        tags: ['admin'],
        summary: 'Contact messages from the public site',
        querystring: inboxQuery,
        response: {
          200: contactMessagePageSchema,
          ...guardErrors,
        },
      },
    },
    async (req) => {
      const res = await listContactMessages(app.ctx.db, req.query);
      return {
        ...res,
        items: res.items.map(({ ipAddress: _ip, ...m }) => ({ ...m, status: m.status as InboxStatus, createdAt: m.createdAt.toISOString(), handledAt: iso(m.handledAt) })),
      };
    },
  );

  s.get(
    '/api/admin/inbox/waitlist',
    {
      schema: {
        tags: ['admin'],
        summary: 'Coming-soon waitlist sign-ups',
        querystring: inboxQuery,
        response: {
          200: waitlistPageSchema,
          ...guardErrors,
        },
      },
    },
    async (req) => {
      const res = await listWaitlistEntries(app.ctx.db, req.query);
      return { ...res, items: res.items.map(({ ipAddress: _ip, ...w }) => ({ ...w, status: w.status as InboxStatus, createdAt: w.createdAt.toISOString() })) };
    },
  );

  s.patch(
    '/api/admin/inbox/:kind/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a contact message or waitlist sign-up as new or handled',
        params: z.object({ kind: z.enum(['contact', 'waitlist']), id: z.uuid() }),
        body: z.object({ status: z.enum(inboxStatuses) }),
        response: { 200: okSchema, 404: errorShape, ...guardErrors },
      },
    },
    async (req) => {
      await setInboxStatus(app.ctx.db, { ...req.params, status: req.body.status, actorUserId: req.sessionUser!.id, ipAddress: req.ip }, app.ctx.clock.now());
      return { ok: true as const };
    },
  );
}
