import { desc, eq } from 'drizzle-orm';
import type { ApiKeyList } from '@core/api/api-keys';
import type { AppContext } from '../../context';
import { apiKeys } from '../../db/schema';
import { apiKeyView } from './api-key-view';

const stateOrder = { active: 0, expired: 1, revoked: 2 } as const;

/** The business's keys, usable ones first, then newest first, with their state and last use (revoked ones too, for the record). */
export async function listApiKeys(ctx: Pick<AppContext, 'db' | 'clock'>, businessId: string): Promise<ApiKeyList> {
  const rows = await ctx.db.select().from(apiKeys).where(eq(apiKeys.businessId, businessId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const nowMs = ctx.clock.nowMs();
  const keys = rows.map((r) => apiKeyView(r, nowMs));
  return { keys: keys.sort((a, b) => stateOrder[a.state] - stateOrder[b.state]) };
}
