import type { Db, Tx } from '../../db/client';
import { activityEvents } from '../../db/schema';

export interface ActivityInput {
  type: string;
  actorUserId?: string | null;
  businessId?: string | null;
  ipAddress?: string | null;
  detail?: Record<string, unknown>;
}

/** Writes one audit row; pass the transaction handle when the change it records is in one. */
export async function recordActivity(db: Db | Tx, input: ActivityInput): Promise<void> {
  await db.insert(activityEvents).values({
    type: input.type,
    actorUserId: input.actorUserId ?? null,
    businessId: input.businessId ?? null,
    ipAddress: input.ipAddress ?? null,
    detail: input.detail ?? {},
  });
}
