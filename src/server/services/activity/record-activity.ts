import type { Db, Tx } from '../../db/client';
import { activityEvents } from '../../db/schema';
import { currentRequestContext } from '../../lib/request-context';

export interface ActivityInput {
  type: string;
  actorUserId?: string | null;
  businessId?: string | null;
  ipAddress?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * Writes one audit row; pass the transaction handle when the change it records is in one. During "Login as this
 * business" the row also names the operator (`detail.impersonatedBy`), so a change made there is not taken for
 * the owner's own.
 */
export async function recordActivity(db: Db | Tx, input: ActivityInput): Promise<void> {
  const impersonation = currentRequestContext()?.impersonation ?? null;
  const detail = input.detail ?? {};
  const byOperator = impersonation !== null && input.actorUserId === impersonation.ownerUserId;
  await db.insert(activityEvents).values({
    type: input.type,
    actorUserId: input.actorUserId ?? null,
    businessId: input.businessId ?? null,
    ipAddress: input.ipAddress ?? null,
    detail: byOperator ? { ...detail, impersonatedBy: impersonation.operatorUserId, operatorName: impersonation.operatorName } : detail,
  });
  if (byOperator) currentRequestContext()!.operatorAudited = true;
}
