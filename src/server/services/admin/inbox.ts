import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessages, waitlistEntries } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { recordActivity } from '../activity/record-activity';

export type InboxKind = 'contact' | 'waitlist';
export type InboxStatus = 'new' | 'handled';

/** Contact messages, newest first, optionally only one status. */
export async function listContactMessages(db: Db, filter: { status?: InboxStatus; limit?: number; offset?: number } = {}) {
  const where: SQL | undefined = filter.status ? eq(contactMessages.status, filter.status) : undefined;
  const items = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt))
    .limit(Math.min(filter.limit ?? 50, 200))
    .offset(filter.offset ?? 0);
  const [total] = await db.select({ n: count() }).from(contactMessages).where(where);
  const [fresh] = await db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, 'new'));
  return { items, total: total?.n ?? 0, newCount: fresh?.n ?? 0 };
}

/** Waitlist sign-ups, newest first, optionally only one status. */
export async function listWaitlistEntries(db: Db, filter: { status?: InboxStatus; limit?: number; offset?: number } = {}) {
  const where: SQL | undefined = filter.status ? eq(waitlistEntries.status, filter.status) : undefined;
  const items = await db
    .select()
    .from(waitlistEntries)
    .where(where)
    .orderBy(desc(waitlistEntries.createdAt))
    .limit(Math.min(filter.limit ?? 50, 200))
    .offset(filter.offset ?? 0);
  const [total] = await db.select({ n: count() }).from(waitlistEntries).where(where);
  const [fresh] = await db.select({ n: count() }).from(waitlistEntries).where(eq(waitlistEntries.status, 'new'));
  return { items, total: total?.n ?? 0, newCount: fresh?.n ?? 0 };
}

/** Marks a contact message or waitlist sign-up new or handled; logged in the same transaction. */
export async function setInboxStatus(
  db: Db,
  input: { kind: InboxKind; id: string; status: InboxStatus; actorUserId: string; ipAddress?: string | null },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    let found: { id: string }[];
    if (input.kind === 'contact') {
      found = await tx
        .update(contactMessages)
        .set({ status: input.status, handledAt: input.status === 'handled' ? now : null })
        .where(and(eq(contactMessages.id, input.id)))
        .returning({ id: contactMessages.id });
    } else {
      found = await tx
        .update(waitlistEntries)
        .set({ status: input.status })
        .where(eq(waitlistEntries.id, input.id))
        .returning({ id: waitlistEntries.id });
    }
    if (found.length === 0) throw new NotFoundError('No such inbox item.');
    await recordActivity(tx, {
      type: 'admin.inbox_status_changed',
      actorUserId: input.actorUserId,
      ipAddress: input.ipAddress,
      detail: { kind: input.kind, itemId: input.id, status: input.status },
    });
  });
}
