import { apiKeyState } from '@core/api-keys';
import type { ApiKeyView } from '@core/api/api-keys';
import type { apiKeys } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A key as the owner sees it in lists (never its hash). */
export function apiKeyView(row: ApiKeyRow, nowMs: number): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    state: apiKeyState(row, nowMs),
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
    lastUsedIp: row.lastUsedIp,
  };
}
