import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { NotificationSettingsView } from '@core/api/notifications';
import { defaultStatusLine } from '@core/notification-settings';
import { statusKey } from '@core/status';
import { readPortalConfig } from '@core/portal-config';
import type { AppContext } from '../../context';
import { planHas } from '@core/plan-features';
import { clientNotificationPrefs, clients, clientSmsConsents, emailBounces } from '../../db/schema';
import { missingTwilioSettings } from '../../integrations/sms/twilio-sms';
import { businessPlanId } from '../business/plan-access';
import { getPortalRow } from '../portals/get-portal';
import { channelOutages } from './delivery-channel-status';
import { readPortalNotificationSettings } from './notification-settings-store';

/** The portal's notification settings with what the settings page shows beside them. 404 for another business's portal. */
export async function getNotificationSettings(ctx: AppContext, business: { id: string; plan: string }, portalId: string): Promise<NotificationSettingsView> {
  const { db } = ctx;
  const businessId = business.id;
  const portal = await getPortalRow(db, businessId, portalId);
  const [settings, statusRows, outages, [optedOut], [bouncing], [sample], [consented]] = await Promise.all([
    readPortalNotificationSettings(db, portalId),
    db
      .select({ status: clients.status, n: count() })
      .from(clients)
      .where(and(eq(clients.portalId, portalId), isNull(clients.removedAt)))
      .groupBy(clients.status)
      .orderBy(desc(count()))
      .limit(200),
    channelOutages(db),
    db
      .select({ n: count() })
      .from(clientNotificationPrefs)
      .where(and(eq(clientNotificationPrefs.portalId, portalId), eq(clientNotificationPrefs.emailOptOut, true))),
    db
      .select({ n: count() })
      .from(emailBounces)
      .where(
        and(
          eq(emailBounces.businessId, businessId),
          inArray(emailBounces.emailNormalized, db.select({ e: clients.emailNormalized }).from(clients).where(and(eq(clients.portalId, portalId), isNull(clients.removedAt)))),
        ),
      ),
    db.select({ raw: clients.raw }).from(clients).where(and(eq(clients.portalId, portalId), isNull(clients.removedAt))).limit(1),
    db.select({ n: count() }).from(clientSmsConsents).where(and(eq(clientSmsConsents.portalId, portalId), eq(clientSmsConsents.consented, true))),
  ]);
  const byKey = new Map<string, { status: string; key: string; clients: number; defaultLine: string }>();
  for (const row of statusRows) {
    const key = statusKey(row.status);
    if (key === '') continue;
    const seen = byKey.get(key);
    if (seen) seen.clients += row.n;
    else byKey.set(key, { status: row.status.trim(), key, clients: row.n, defaultLine: defaultStatusLine(row.status) });
  }
  const mailOutage = outages.find((o) => o.channel === 'email');
  const smsOutage = outages.find((o) => o.channel === 'sms');
  const missing = missingTwilioSettings(ctx.env);
  return {
    settings,
    emailEnabled: readPortalConfig(portal.config).emailNotifications,
    statuses: [...byKey.values()],
    mail: {
      via: ctx.env.SMTP_URL ? 'smtp' : ctx.mailer.transport,
      outage: mailOutage ? { since: mailOutage.since.toISOString(), lastError: mailOutage.lastError } : null,
    },
    counts: { optedOut: optedOut?.n ?? 0, bouncing: bouncing?.n ?? 0 },
    sms: {
      configured: missing.length === 0,
      missing,
      planIncludes: planHas(businessPlanId(business), 'sms'),
      outage: smsOutage ? { since: smsOutage.since.toISOString(), lastError: smsOutage.lastError } : null,
      columns: Object.keys(sample?.raw ?? {}),
      consented: consented?.n ?? 0,
    },
  };
}
