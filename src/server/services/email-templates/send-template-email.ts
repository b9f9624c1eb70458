import type { PlatformSettings } from '@core/validation/admin-settings';
import type { Db } from '../../db/client';
import { senderNameOf, type Mailer } from '../../integrations/mail/mailer';
import type { EmailTemplateKey } from './catalog';
import { renderEmail, type RenderedEmail } from './render';
import { templateCacheFor } from './template-cache';

export interface TemplateMailDeps {
  db: Db;
  mailer: Mailer;
  settings: { get(): Promise<PlatformSettings> };
}

/** Renders a template (the operator's text, else the default) with the platform's name, sender name and footer. */
export async function renderTemplate(deps: Pick<TemplateMailDeps, 'db' | 'settings'>, key: EmailTemplateKey, values: Record<string, string>): Promise<RenderedEmail> {
  const [settings, texts] = await Promise.all([deps.settings.get(), templateCacheFor(deps.db).get()]);
  return renderEmail(texts[key], values, settings);
}

/**
 * A client e-mail's sender (D14): the business's name; on a white-label plan the platform's marks go too (its footer
 * text, and its name where a template names it reads the business's).
 */
export interface ClientSender {
  name: string;
  whiteLabel: boolean;
}

/** The platform settings a client e-mail is rendered with: without the platform's marks on a white-label plan. */
function settingsFor(settings: PlatformSettings, sender: ClientSender | undefined): PlatformSettings {
  if (!sender?.whiteLabel) return settings;
  return { ...settings, general: { ...settings.general, platformName: sender.name, supportEmail: '' }, email: { ...settings.email, emailFooterText: '' } };
}

/**
 * Sends one transactional e-mail from its template. Every e-mail of the platform goes through here (or through
 * renderEmail with the same settings), so the sender name and footer settings apply to all of them. `client`: an
 * e-mail to a business's client, sent under the business's name.
 */
export async function sendTemplateEmail(
  deps: TemplateMailDeps,
  key: EmailTemplateKey,
  to: string,
  values: Record<string, string>,
  options: { replyTo?: string; client?: ClientSender } = {},
): Promise<void> {
  const settings = await deps.settings.get();
  const texts = await templateCacheFor(deps.db).get();
  const mail = renderEmail(texts[key], values, settingsFor(settings, options.client));
  const fromName = options.client ? senderNameOf(options.client.name) : settings.email.emailSenderName;
  await deps.mailer.send({ to, fromName, ...(options.replyTo ? { replyTo: options.replyTo } : {}), ...mail });
}
