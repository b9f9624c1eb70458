// The API keys API (/api/v1/api-keys): request and answer shapes, for the routes (validation and OpenAPI) and the
// web app (inferred types only).
import { z } from 'zod';
import { apiKeyScopes } from '../api-keys';
import { messages } from '../messages';

export const createApiKeyBody = z.object({
  name: z.string().trim().min(1, { error: messages.apiKeys.nameRequired }).max(100, { error: messages.common.tooLong(100) }),
  scope: z.enum(apiKeyScopes).describe('read: GET requests only; write: every request of the business API'),
  expiresAt: z.iso
    .datetime({ offset: true })
    .nullish()
    .describe('When the key stops working (ISO 8601); none: until revoked'),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(apiKeyScopes),
  prefix: z.string().describe('The first characters of the key, to tell keys apart (the key itself is not kept)'),
  state: z.enum(['active', 'revoked', 'expired']),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable().describe('Last request made with the key (kept to the minute)'),
  lastUsedIp: z.string().nullable().describe('The address of that request'),
});
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe('The key itself: shown this once only. Send it as `Authorization: Bearer <key>`.'),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** Error codes of key authentication the web app or a client may compare. */
export const API_KEY_ERRORS = {
  invalid: 'invalid_api_key',
  revoked: 'api_key_revoked',
  expired: 'api_key_expired',
  scope: 'insufficient_scope',
  notAllowed: 'api_key_not_allowed',
} as const;
