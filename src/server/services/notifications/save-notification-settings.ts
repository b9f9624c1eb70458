import { eq } from 'drizzle-orm';
import type { NotificationSettingsView, SaveNotificationSettings } from '@core/api/notifications';
import { readNotificationSettings } from '@core/notification-settings';
import { readPortalConfig } from '@core/portal-config';
import type { AppContext } from '../../context';
import { portalNotificationSettings, portals } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';
import type { BusinessProfile } from '../business/get-business-by-user';
import { requirePlanFeature } from '../business/plan-access';
import { getPortalRow } from '../portals/get-portal';
import { getNotificationSettings } from './get-notification-settings';

/**
 * Saves a portal's notification settings (already validated: an unknown placeholder never gets here) and its e-mail
 * updates switch, with the activity row in the same transaction. Texts on for a plan without SMS: 403 plan_feature.
 */
export async function saveNotificationSettings(
  ctx: AppContext,
  business: BusinessProfile,
  portalId: string,
  input: SaveNotificationSettings,
  actor: { userId: string; ipAddress?: string | null },
): Promise<NotificationSettingsView> {
  const portal = await getPortalRow(ctx.db, business.id, portalId);
  if (input.settings.sms.enabled) requirePlanFeature(business, 'sms');
  const settings = readNotificationSettings(input.settings);
  const now = ctx.clock.now();
  const config = readPortalConfig(portal.config);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(portalNotificationSettings)
      .values({ portalId, settings, updatedAt: now })
      .onConflictDoUpdate({ target: portalNotificationSettings.portalId, set: { settings, updatedAt: now } });
    if (config.emailNotifications !== input.emailEnabled) {
      await tx.update(portals).set({ config: { ...config, emailNotifications: input.emailEnabled }, updatedAt: now }).where(eq(portals.id, portalId));
    }
    await recordActivity(tx, {
      type: 'portal.notification_settings_updated',
      actorUserId: actor.userId,
      businessId: business.id,
      ipAddress: actor.ipAddress ?? null,
      detail: { portalId, emailEnabled: input.emailEnabled },
    });
  });
  if (config.emailNotifications !== input.emailEnabled) ctx.portalMeta.portalChanged(portalId);
  return getNotificationSettings(ctx, business, portalId);
}
