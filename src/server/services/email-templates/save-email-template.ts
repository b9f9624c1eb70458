import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTemplates } from '../../db/schema';
import { ValidationError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { emailTemplateCatalog, type EmailTemplateKey } from './catalog';
import { unknownPlaceholders } from './render';
import { templateCacheFor } from './template-cache';

export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 10_000;

/** Saves an operator's subject and body (or, with reset, goes back to the default); logged in the same transaction. */
export async function saveEmailTemplate(
  db: Db,
  input: { key: EmailTemplateKey; subject: string; body: string; actorUserId: string; ipAddress?: string | null },
): Promise<void> {
  const subject = input.subject.trim();
  const body = input.body.trim();
  if (!subject) throw new ValidationError('Subject is required');
  if (!body) throw new ValidationError('Body is required');
  if (subject.length > TEMPLATE_SUBJECT_MAX) throw new ValidationError(`Subject must be at most ${TEMPLATE_SUBJECT_MAX} characters`);
  if (body.length > TEMPLATE_BODY_MAX) throw new ValidationError(`Body must be at most ${TEMPLATE_BODY_MAX} characters`);
  const unknown = unknownPlaceholders(input.key, subject, body);
  if (unknown.length) throw new ValidationError(`Unknown placeholder: {{${unknown[0]}}}`, 'unknown_placeholder');
  await db.transaction(async (tx) => {
    await tx
      .insert(emailTemplates)
      .values({ key: input.key, subject, body, updatedBy: input.actorUserId, updatedAt: new Date() })
      .onConflictDoUpdate({ target: emailTemplates.key, set: { subject, body, updatedBy: input.actorUserId, updatedAt: new Date() } });
    await recordActivity(tx, {
      type: 'admin.email_template_saved',
      actorUserId: input.actorUserId,
      ipAddress: input.ipAddress,
      detail: { key: input.key, name: emailTemplateCatalog[input.key].name },
    });
  });
  templateCacheFor(db).invalidate();
}

/** Drops the operator's edit: the built-in text applies again. */
export async function resetEmailTemplate(
  db: Db,
  input: { key: EmailTemplateKey; actorUserId: string; ipAddress?: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(emailTemplates).where(eq(emailTemplates.key, input.key));
    await recordActivity(tx, {
      type: 'admin.email_template_reset',
      actorUserId: input.actorUserId,
      ipAddress: input.ipAddress,
      detail: { key: input.key, name: emailTemplateCatalog[input.key].name },
    });
  });
  templateCacheFor(db).invalidate();
}
