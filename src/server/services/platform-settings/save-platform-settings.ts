import { eq } from 'drizzle-orm';
import { type PlatformSettings, platformSettingsSchema, parseAllowedIps } from '@core/validation/admin-settings';
import type { Db } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { ValidationError } from '../../errors';
import { ipAllowed } from './ip-allow-list';
import { recordActivity } from '../activity/record-activity';
import { getPlatformSettings, withFixedIntegrationFlags } from './get-platform-settings';
import { type PlatformSecretName, platformSecretNames, readSealedSecrets, SECRETS_FIELD } from './platform-secrets';
import { encryptSecret } from './secret-box';
import type { SettingsCache } from './settings-cache';

export interface SaveSettingsInput {
  /** The whole settings document (the four tabs); validated with core's schema. */
  settings: unknown;
  /** New API keys: a string sets it, null removes it, absent keeps it. */
  secrets?: Partial<Record<PlatformSecretName, string | null>>;
  actorUserId: string;
  /** The operator's address: turning IP restriction on must not lock them out. */
  ipAddress: string;
}

/** Paths of the settings that differ, e.g. ['general.trialDays']. */
function changedKeys(before: PlatformSettings, after: PlatformSettings): string[] {
  const out: string[] = [];
  for (const group of Object.keys(after) as (keyof PlatformSettings)[]) {
    const a = before[group] as Record<string, unknown>;
    const b = after[group] as Record<string, unknown>;
    for (const key of Object.keys(b)) if (a[key] !== b[key]) out.push(`${group}.${key}`);
  }
  return out;
}

/**
 * Validates and saves the platform settings, and logs the change in the same transaction. The API keys are
 * kept encrypted outside the settings document; settings take effect on every instance within seconds.
 */
export async function savePlatformSettings(
  deps: { db: Db; settings: SettingsCache; authSecret: string },
  input: SaveSettingsInput,
): Promise<PlatformSettings> {
  const parsed = platformSettingsSchema.safeParse(input.settings);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ValidationError(issue.message);
  }
  const next = withFixedIntegrationFlags(parsed.data);
  // The keys never travel in the settings document.
  next.api = { ...next.api, googleSheetsApiKey: '', stripeApiKey: '', sendgridApiKey: '' };

  if (next.security.ipRestriction) {
    const list = parseAllowedIps(next.security.allowedIps);
    if (list.length === 0) throw new ValidationError('Add at least one IP address before turning IP restriction on', 'ip_list_empty');
    if (!ipAllowed(input.ipAddress, list)) {
      throw new ValidationError(
        `Your current address (${input.ipAddress}) is not in the allowed IPs: add it first, or you would lock yourself out`,
        'ip_lockout',
      );
    }
  }

  const { db } = deps;
  const saved = await db.transaction(async (tx) => {
    const before = await getPlatformSettings(tx);
    const sealed = { ...(await readSealedSecrets(tx)) };
    const secretChanges: string[] = [];
    for (const name of platformSecretNames) {
      const value = input.secrets?.[name];
      if (value === undefined) continue;
      const trimmed = value?.trim() ?? '';
      if (trimmed.length > 500) throw new ValidationError('API keys must be at most 500 characters');
      if (trimmed) sealed[name] = encryptSecret(trimmed, deps.authSecret);
      else delete sealed[name];
      secretChanges.push(`api.${name}`);
    }
    const data = { ...next, [SECRETS_FIELD]: sealed } as unknown as Record<string, unknown>;
    await tx
      .insert(platformSettings)
      .values({ id: 1, data, updatedAt: new Date() })
      .onConflictDoUpdate({ target: platformSettings.id, set: { data, updatedAt: new Date() } });
    await recordActivity(tx, {
      type: 'admin.settings_changed',
      actorUserId: input.actorUserId,
      ipAddress: input.ipAddress,
      detail: { changed: [...changedKeys(before, next), ...secretChanges] },
    });
    return next;
  });
  deps.settings.invalidate();
  return saved;
}

/** When the settings row was last saved, or null when it never was. */
export async function settingsUpdatedAt(db: Db): Promise<Date | null> {
  const [row] = await db.select({ at: platformSettings.updatedAt }).from(platformSettings).where(eq(platformSettings.id, 1));
  return row?.at ?? null;
}
