import { calendarFor } from '@core/estimate';
import { readPortalConfig, type PortalConfig } from '@core/portal-config';
import type { WorkloadSettings } from '@core/workload-settings';
import type { WorkingCalendar } from '@core/working-days';
import type { Db } from '../../db/client';
import { readWorkloadSettings } from '../sheet-sync/workload-state';
import { readPortalSettingsRow } from './lookup-queries';

export interface PortalSettings {
  config: PortalConfig;
  workload: WorkloadSettings;
  calendar: WorkingCalendar;
}

const memo = new Map<string, PortalSettings>();
const MAX_ENTRIES = 5000;

/**
 * A portal's configuration and workload settings read from their stored JSON, remembered per portal and
 * update time: a lookup validates them only when the portal changed.
 */
export function portalSettings(portalId: string, updatedAt: Date, config: unknown, workload: unknown): PortalSettings {
  const key = `${portalId}|${updatedAt.getTime()}`;
  let hit = memo.get(key);
  if (!hit) {
    const settings = readWorkloadSettings(workload);
    hit = { config: readPortalConfig(config), workload: settings, calendar: calendarFor(settings) };
    if (memo.size >= MAX_ENTRIES) memo.clear();
    memo.set(key, hit);
  }
  return hit;
}

/**
 * The portal's settings as of `updatedAt` (from the lookup's row): remembered ones when the portal has not changed
 * since, else read once more from the database.
 */
export async function currentPortalSettings(db: Db, portalId: string, updatedAt: Date): Promise<PortalSettings> {
  const hit = memo.get(`${portalId}|${updatedAt.getTime()}`);
  if (hit) return hit;
  const row = await readPortalSettingsRow(db, portalId);
  return portalSettings(portalId, row?.updatedAt ?? updatedAt, row?.config ?? {}, row?.workloadSettings ?? {});
}
