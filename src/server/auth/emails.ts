import type { PlatformSettings } from '@core/validation/admin-settings';
import { renderEmail, type RenderedEmail } from '../services/email-templates/render';

export type { RenderedEmail };

/**
 * The password-reset e-mail (the link is valid for one hour and works once), from the operator's
 * "Password reset" template (or its default), with the platform's name and footer.
 */
export function renderPasswordResetEmail(input: {
  name: string;
  link: string;
  settings: PlatformSettings;
  template: { subject: string; body: string };
}): RenderedEmail {
  const { name, link, settings, template } = input;
  return renderEmail(template, { name, link }, settings);
}
