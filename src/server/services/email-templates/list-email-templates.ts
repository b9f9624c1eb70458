import type { Db, Tx } from '../../db/client';
import { emailTemplates } from '../../db/schema';
import { emailTemplateCatalog, emailTemplateKeys, type EmailTemplateKey } from './catalog';
import { allowedPlaceholders } from './render';

export interface EmailTemplate {
  key: EmailTemplateKey;
  name: string;
  description: string;
  placeholders: string[];
  subject: string;
  body: string;
  /** True while the built-in text is used (no operator edit saved). */
  isDefault: boolean;
  updatedAt: Date | null;
}

export type TemplateTexts = Record<EmailTemplateKey, { subject: string; body: string }>;

/** The saved subject and body of each template, defaults filled in. */
export async function loadTemplateTexts(db: Db | Tx): Promise<TemplateTexts> {
  const rows = await db.select().from(emailTemplates);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return Object.fromEntries(
    emailTemplateKeys.map((key) => {
      const row = byKey.get(key);
      const def = emailTemplateCatalog[key];
      return [key, row ? { subject: row.subject, body: row.body } : { subject: def.subject, body: def.body }];
    }),
  ) as TemplateTexts;
}

/** Every template with its definition and current text, for the editor. */
export async function listEmailTemplates(db: Db): Promise<EmailTemplate[]> {
  const rows = await db.select().from(emailTemplates);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return emailTemplateKeys.map((key) => {
    const def = emailTemplateCatalog[key];
    const row = byKey.get(key);
    return {
      key,
      name: def.name,
      description: def.description,
      placeholders: allowedPlaceholders(key),
      subject: row?.subject ?? def.subject,
      body: row?.body ?? def.body,
      isDefault: !row,
      updatedAt: row?.updatedAt ?? null,
    };
  });
}
