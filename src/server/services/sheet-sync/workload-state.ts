import { sql, type SQL } from 'drizzle-orm';
import { defaultWorkloadSettings, workloadSettingsSchema, type WorkloadSettings } from '@core/workload-settings';
import { portals } from '../../db/schema';

/**
 * The value for `portals.queue_computed_for` once figures computed with `settings` are written: `today`, unless the
 * workload settings changed meanwhile (then null: stale, for the next recompute).
 */
export function queueCurrentFor(settings: unknown, today: string): SQL {
  return sql`case when ${portals.workloadSettings} = ${JSON.stringify(settings)}::jsonb then ${today}::date else null end`;
}

/** The stored workload settings, defaults filled in. */
export function readWorkloadSettings(stored: unknown): WorkloadSettings {
  const parsed = workloadSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : defaultWorkloadSettings;
}
