import type { PlatformSettings } from '@core/validation/admin-settings';
import type { Db } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mailer';
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
 * Sends one transactional e-mail from its template. Every e-mail of the platform goes through here (or through
 * renderEmail with the same settings), so the sender name and footer settings apply to all of them.
 */
export async function sendTemplateEmail(
  deps: TemplateMailDeps,
  key: EmailTemplateKey,
  to: string,
  values: Record<string, string>,
  options: { replyTo?: string } = {},
): Promise<void> {
  const settings = await deps.settings.get();
  const texts = await templateCacheFor(deps.db).get();
  const mail = renderEmail(texts[key], values, settings);
  await deps.mailer.send({ to, fromName: settings.email.emailSenderName, ...(options.replyTo ? { replyTo: options.replyTo } : {}), ...mail });
}
