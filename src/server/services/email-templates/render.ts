import type { PlatformSettings } from '@core/validation/admin-settings';
import { commonPlaceholders, emailTemplateCatalog, type EmailTemplateKey } from './catalog';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9]*)\s*\}\}/g;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The placeholder names a text uses. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Placeholders a template may use: its own plus the common ones. */
export function allowedPlaceholders(key: EmailTemplateKey): string[] {
  return [...Object.keys(commonPlaceholders), ...Object.keys(emailTemplateCatalog[key].placeholders)];
}

/** Names used in subject or body that the template does not know. */
export function unknownPlaceholders(key: EmailTemplateKey, subject: string, body: string): string[] {
  const allowed = new Set(allowedPlaceholders(key));
  return placeholdersIn(`${subject}\n${body}`).filter((p) => !allowed.has(p));
}

/** Replaces each known {{placeholder}}; unknown ones stay visible, so a preview shows the mistake. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

const URL_ONLY = /^https?:\/\/\S+$/;

/**
 * Renders a template into text and HTML with the platform's footer. Paragraphs are separated by blank lines;
 * a paragraph that is only a link becomes a button in the HTML. Values are escaped in the HTML.
 */
export function renderEmail(
  input: { subject: string; body: string },
  values: Record<string, string>,
  settings: PlatformSettings,
): RenderedEmail {
  const all: Record<string, string> = {
    platformName: settings.general.platformName,
    supportEmail: settings.general.supportEmail,
    ...values,
  };
  const subject = fillPlaceholders(input.subject, all).replace(/\s+/g, ' ').trim();
  const body = fillPlaceholders(input.body.replace(/\r\n/g, '\n'), all).trim();
  const paragraphs = body.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const footer = settings.email.emailFooterText;
  const text = [...paragraphs, ...(footer ? ['--', footer] : [])].join('\n\n');
  const htmlParagraphs = paragraphs.map((p) => {
    if (URL_ONLY.test(p)) {
      const href = escapeHtml(p);
      return `<p><a href="${href}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Open link</a></p><p style="font-size:13px;color:#4b5563;word-break:break-all">${href}</p>`;
    }
    return `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  });
  const html = [
    '<div style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#111827">',
    ...htmlParagraphs,
    footer ? `<hr style="border:none;border-top:1px solid #e5e7eb"><p style="font-size:12px;color:#6b7280">${escapeHtml(footer).replace(/\n/g, '<br>')}</p>` : '',
    '</div>',
  ].join('');
  return { subject, text, html };
}

/** Sample values for previews and test sends. */
export function sampleValues(key: EmailTemplateKey, settings: PlatformSettings): Record<string, string> {
  return {
    ...commonPlaceholders,
    platformName: settings.general.platformName,
    supportEmail: settings.general.supportEmail || commonPlaceholders.supportEmail!,
    ...emailTemplateCatalog[key].placeholders,
  };
}
