import { eq } from 'drizzle-orm';
import { readNotificationSettings, type NotificationSettings } from '@core/notification-settings';
import type { Db, Tx } from '../../db/client';
import { portalNotificationSettings } from '../../db/schema';

/** A portal's notification settings (defaults when never saved). */
export async function readPortalNotificationSettings(q: Db | Tx, portalId: string): Promise<NotificationSettings> {
  const [row] = await q.select({ settings: portalNotificationSettings.settings }).from(portalNotificationSettings).where(eq(portalNotificationSettings.portalId, portalId));
  return readNotificationSettings(row?.settings);
}
