import { normalizeEmail } from '@core/validation/email';
import type { NotifyForm } from '@core/validation/notify';
import type { AppContext } from '../../context';
import { waitlistEntries } from '../../db/schema';
import { recordActivity } from '../activity/record-activity';

/** The feature key as stored: trimmed, lower-case, spaces as dashes (the coming-soon page's path segment). */
export function normalizeFeature(feature: string): string {
  return feature.trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * Puts an e-mail on a feature's waitlist. Signing up twice for the same feature is a success that adds
 * nothing (unique e-mail + feature), so the answer never tells whether an address was already listed.
 */
export async function joinWaitlist(
  ctx: Pick<AppContext, 'db'>,
  input: NotifyForm,
  meta: { ipAddress?: string | null } = {},
): Promise<{ created: boolean }> {
  const email = normalizeEmail(input.email);
  const feature = normalizeFeature(input.feature);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(waitlistEntries)
      .values({ email, feature, ipAddress: meta.ipAddress ?? null })
      .onConflictDoNothing({ target: [waitlistEntries.email, waitlistEntries.feature] })
      .returning({ id: waitlistEntries.id });
    const row = inserted[0];
    if (!row) return { created: false };
    await recordActivity(tx, {
      type: 'inbox.waitlist_joined',
      ipAddress: meta.ipAddress ?? null,
      detail: { entryId: row.id, feature, email },
    });
    return { created: true };
  });
}
