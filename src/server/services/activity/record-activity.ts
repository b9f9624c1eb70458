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
 * the owner's own. A row written during a request made with an API key names the key (`detail.apiKeyId`).
 */
export async function recordActivity(db: Db | Tx, input: ActivityInput): Promise<void> {
  const context = currentRequestContext();
  const impersonation = context?.impersonation ?? null;
  const apiKey = context?.apiKey ?? null;
  let detail = input.detail ?? {};
  const byOperator = impersonation !== null && input.actorUserId === impersonation.ownerUserId;
  if (byOperator) detail = { ...detail, impersonatedBy: impersonation.operatorUserId, operatorName: impersonation.operatorName };
  // A change made through the API names the key (decision 0018), unless the row is about the key itself.
  if (apiKey && detail.apiKeyId === undefined) detail = { ...detail, apiKeyId: apiKey.id, apiKeyName: apiKey.name };
  await db.insert(activityEvents).values({
    type: input.type,
    actorUserId: input.actorUserId ?? null,
    businessId: input.businessId ?? null,
    ipAddress: input.ipAddress ?? null,
    detail,
  });
  if (byOperator) currentRequestContext()!.operatorAudited = true;
}
