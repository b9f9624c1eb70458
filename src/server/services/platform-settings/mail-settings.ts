import type { PlatformSettings } from '@core/validation/admin-settings';
import type { Db } from '../../db/client';
import { chooseMailTransport, type MailVia, mailViaLabels, type SendGridSetting } from '../../integrations/mail/mail-transport';
import { readSealedSecrets, type SealedSecrets } from './platform-secrets';
import { decryptSecret } from './secret-box';

/** The SendGrid setting from the settings document and the sealed keys. */
export function sendGridSettingFrom(settings: PlatformSettings, sealed: SealedSecrets, authSecret: string): SendGridSetting {
  const enabled = settings.api.sendgridEnabled;
  const box = sealed.sendgridApiKey;
  if (!enabled || !box) return { enabled, apiKey: null };
  const apiKey = decryptSecret(box, authSecret);
  return apiKey ? { enabled, apiKey } : { enabled, apiKey: null, keyUnreadable: true };
}

/**
 * What the mailer reads before each message: the SendGrid toggle and key. Follows the settings cache: the key is
 * read again whenever the cache reloads (every few seconds, and at once after a save on this instance), so a
 * change applies without a restart and without a query per message.
 */
export function sendGridSettingReader(deps: { db: Db; settings: { get(): Promise<PlatformSettings> }; authSecret: string }): () => Promise<SendGridSetting> {
  let cached: { for: PlatformSettings; value: SendGridSetting } | undefined;
  return async () => {
    const settings = await deps.settings.get();
    if (!settings.api.sendgridEnabled) return { enabled: false, apiKey: null };
    if (cached?.for === settings) return cached.value;
    const value = sendGridSettingFrom(settings, await readSealedSecrets(deps.db), deps.authSecret);
    cached = { for: settings, value };
    return value;
  };
}

export interface MailStatus {
  via: MailVia;
  /** e.g. 'SendGrid'. */
  label: string;
  /** The sender address (MAIL_FROM). */
  from: string;
  /** Where the settings and the actual way differ, in plain words. */
  notes: string[];
}

/** Which way e-mail goes now, for the settings page (the same choice the mailer makes). */
export function mailStatus(input: { smtpUrl?: string; from: string; settings: PlatformSettings; sealed: SealedSecrets; authSecret: string }): MailStatus {
  const choice = chooseMailTransport({ smtpUrl: input.smtpUrl, sendgrid: sendGridSettingFrom(input.settings, input.sealed, input.authSecret) });
  return { via: choice.via, label: mailViaLabels[choice.via], from: input.from, notes: choice.notes };
}
