import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { type PlatformSettings, platformSettingsSchema } from '@core/validation/admin-settings';

/** The platform settings, defaults filled in. A stored value that no longer validates falls back to its default. */
export async function getPlatformSettings(db: Db | Tx): Promise<PlatformSettings> {
  const [row] = await db.select({ data: platformSettings.data }).from(platformSettings).where(eq(platformSettings.id, 1));
  const stored = structuredClone(row?.data ?? {}) as Record<string, unknown>;
  const parsed = platformSettingsSchema.safeParse(stored);
  if (parsed.success) return withFixedIntegrationFlags(parsed.data);
  // Drop each value that no longer validates (a bound changed, say), keeping the rest.
  for (const issue of parsed.error.issues) {
    const [group, key] = issue.path.map(String);
    const section = group ? stored[group] : undefined;
    if (key && section && typeof section === 'object') delete (section as Record<string, unknown>)[key];
    else if (group) delete stored[group];
  }
  return withFixedIntegrationFlags(platformSettingsSchema.parse(stored));
}

/**
 * The two integration switches that cannot honestly be switched (decision 7, "API keys of outside services"):
 * Google Sheets are read through their public CSV export, which needs no key and is always on; no billing is
 * a switch for Stripe would say nothing: Stripe is connected when its secret key and webhook secret are set (decision
 * 19), so the flag stays off. Whatever was stored or sent, the settings say so.
 */
export function withFixedIntegrationFlags(settings: PlatformSettings): PlatformSettings {
  return { ...settings, api: { ...settings.api, googleSheetsEnabled: true, stripeEnabled: false } };
}
