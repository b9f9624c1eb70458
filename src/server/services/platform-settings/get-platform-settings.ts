import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { type PlatformSettings, platformSettingsSchema } from '@core/validation/admin-settings';

/** The platform settings, defaults filled in. A stored value that no longer validates falls back to its default. */
export async function getPlatformSettings(db: Db | Tx): Promise<PlatformSettings> {
  const [row] = await db.select({ data: platformSettings.data }).from(platformSettings).where(eq(platformSettings.id, 1));
  const stored = structuredClone(row?.data ?? {}) as Record<string, unknown>;
  const parsed = platformSettingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  // Drop each value that no longer validates (a bound changed, say), keeping the rest.
  for (const issue of parsed.error.issues) {
    const [group, key] = issue.path.map(String);
    const section = group ? stored[group] : undefined;
    if (key && section && typeof section === 'object') delete (section as Record<string, unknown>)[key];
    else if (group) delete stored[group];
  }
  return platformSettingsSchema.parse(stored);
}
