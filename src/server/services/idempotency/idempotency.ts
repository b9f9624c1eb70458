import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';

/** How long a key's answer is kept (and a repeat replayed). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The header's value is 1-255 visible ASCII characters. */
export function isValidIdempotencyKey(value: string): boolean {
  return /^[\x21-\x7e]{1,255}$/.test(value);
}

/** What identifies a request under a key: its method, path and query, and body. */
export function requestHash(method: string, url: string, body: unknown): string {
  const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('base64') : JSON.stringify(body ?? null);
  return crypto.createHash('sha256').update(`${method} ${url}\n${text}`).digest('hex');
}

export type IdempotencyClaim =
  | { kind: 'new' }
  | { kind: 'replay'; statusCode: number; contentType: string | null; body: string }
  | { kind: 'reused' }
  | { kind: 'in_progress' };

/**
 * Claims `key` for this request (one statement: a key unused, or older than 24 hours, is taken), or says what the
 * earlier request with it left: its answer to replay, another request under the same key, or one still running.
 */
export async function claimIdempotencyKey(db: Db, input: { businessId: string; key: string; hash: string; now: Date }): Promise<IdempotencyClaim> {
  const cutoff = new Date(input.now.getTime() - IDEMPOTENCY_TTL_MS);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ businessId: input.businessId, key: input.key, requestHash: input.hash, state: 'pending', createdAt: input.now })
    .onConflictDoUpdate({
      target: [idempotencyKeys.businessId, idempotencyKeys.key],
      set: { requestHash: input.hash, state: 'pending', statusCode: null, contentType: null, responseBody: null, createdAt: input.now },
      setWhere: sql`${idempotencyKeys.createdAt} < ${cutoff.toISOString()}::timestamptz`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { kind: 'new' };
  const [earlier] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.businessId, input.businessId), eq(idempotencyKeys.key, input.key)));
  if (!earlier) return claimIdempotencyKey(db, input);
  if (earlier.requestHash !== input.hash) return { kind: 'reused' };
  if (earlier.state !== 'done') return { kind: 'in_progress' };
  return { kind: 'replay', statusCode: earlier.statusCode!, contentType: earlier.contentType, body: earlier.responseBody ?? '' };
}

/** Keeps the first answer under the key (or frees the key when there is none worth replaying: a 5xx). */
export async function settleIdempotencyKey(db: Db, input: { businessId: string; key: string; statusCode: number; contentType: string | null; body: string | null }): Promise<void> {
  const where = and(eq(idempotencyKeys.businessId, input.businessId), eq(idempotencyKeys.key, input.key), eq(idempotencyKeys.state, 'pending'));
  if (input.statusCode >= 500 || input.body === null) {
    await db.delete(idempotencyKeys).where(where);
    return;
  }
  await db.update(idempotencyKeys).set({ state: 'done', statusCode: input.statusCode, contentType: input.contentType, responseBody: input.body }).where(where);
}

/** Deletes keys past their 24 hours. */
export async function purgeIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const rows = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))).returning({ key: idempotencyKeys.key });
  return rows.length;
}
