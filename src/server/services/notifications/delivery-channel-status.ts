import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveryChannels, type MessageChannel } from '../../db/schema';

/** A way out (mail server, SMS provider) that is down, as every instance sees it. */
export interface ChannelOutage {
  channel: MessageChannel;
  since: Date;
  lastError: string;
}

/** Records that a channel failed; returns since when it has been down (the first failure of this outage). */
export async function markChannelDown(db: Db, channel: MessageChannel, error: string, now: Date): Promise<Date> {
  const [row] = await db
    .insert(deliveryChannels)
    .values({ channel, downSince: now, lastError: error.slice(0, 500), updatedAt: now })
    .onConflictDoUpdate({
      target: deliveryChannels.channel,
      set: { lastError: error.slice(0, 500), updatedAt: now, downSince: sql`coalesce(${deliveryChannels.downSince}, ${now.toISOString()}::timestamptz)` },
    })
    .returning({ downSince: deliveryChannels.downSince });
  return row?.downSince ?? now;
}

/** Records that a channel works again. Returns whether it had been down. */
export async function markChannelUp(db: Db, channel: MessageChannel, now: Date): Promise<boolean> {
  const rows = await db
    .update(deliveryChannels)
    .set({ downSince: null, updatedAt: now })
    .where(and(eq(deliveryChannels.channel, channel), isNotNull(deliveryChannels.downSince)))
    .returning({ channel: deliveryChannels.channel });
  return rows.length > 0;
}

/** Channels down now. */
export async function channelOutages(db: Db): Promise<ChannelOutage[]> {
  const rows = await db.select().from(deliveryChannels).where(isNotNull(deliveryChannels.downSince));
  return rows.map((r) => ({ channel: r.channel, since: r.downSince!, lastError: r.lastError ?? '' }));
}
