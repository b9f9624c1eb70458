import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { platformSettings } from '../../db/schema';
import { decryptSecret, maskSecret } from './secret-box';
import { platformSecretNames, type PlatformSecretName } from '@core/api/admin';

// The API keys of outside services (API & Integrations tab) are named in core (the settings answer lists them too);
// they are stored encrypted beside the settings document.
export { platformSecretNames, type PlatformSecretName };

/** Where the encrypted keys live inside the settings row's JSON (outside the validated settings). */
export const SECRETS_FIELD = '_secrets';

export type SealedSecrets = Partial<Record<PlatformSecretName, string>>;

export interface SecretStatus {
  configured: boolean;
  /** e.g. '••••••••abcd'; null when not configured. */
  masked: string | null;
}

export async function readSealedSecrets(db: Db | Tx): Promise<SealedSecrets> {
  const [row] = await db.select({ data: platformSettings.data }).from(platformSettings).where(eq(platformSettings.id, 1));
  const sealed = (row?.data as Record<string, unknown> | undefined)?.[SECRETS_FIELD];
  return sealed && typeof sealed === 'object' ? (sealed as SealedSecrets) : {};
}

/** Masked view of each key, for the settings page. */
export function secretStatuses(sealed: SealedSecrets, authSecret: string): Record<PlatformSecretName, SecretStatus> {
  return Object.fromEntries(
    platformSecretNames.map((name) => {
      const box = sealed[name];
      const plain = box ? decryptSecret(box, authSecret) : null;
      return [name, { configured: Boolean(box), masked: box ? maskSecret(plain ?? '') : null }];
    }),
  ) as Record<PlatformSecretName, SecretStatus>;
}

/** The plain value of one key, for the integration that needs it (never for a response). */
export async function getPlatformSecret(db: Db, authSecret: string, name: PlatformSecretName): Promise<string | null> {
  const box = (await readSealedSecrets(db))[name];
  return box ? decryptSecret(box, authSecret) : null;
}
