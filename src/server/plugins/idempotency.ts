import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@core/messages';
import { AppError, ConflictError } from '../errors';
import { sessionBusiness } from '../routes/v1/business-context';
import { claimIdempotencyKey, isValidIdempotencyKey, requestHash, settleIdempotencyKey } from '../services/idempotency/idempotency';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request holds (its answer is kept when sent). */
    idempotency?: { businessId: string; key: string };
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * `Idempotency-Key` on the business API's writes (decision 0018): after authentication and validation, a write with
 * the header claims the key for its business; a repeat with the same key and request gets the first answer again
 * (`Idempotent-Replayed: true`), a different request under the key 409 `idempotency_key_reused`, and one while the
 * first still runs 409 `idempotency_in_progress`. A 5xx frees the key for a retry. Keys last 24 hours.
 */
export function idempotentWrites(app: FastifyInstance): void {
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    const header = req.headers['idempotency-key'];
    if (header === undefined || SAFE.has(req.method)) return;
    const key = Array.isArray(header) ? header[0]! : header;
    if (!isValidIdempotencyKey(key)) throw new AppError(400, 'invalid_idempotency_key', messages.idempotency.invalidKey);
    const business = await sessionBusiness(req);
    const claim = await claimIdempotencyKey(app.ctx.db, { businessId: business.id, key, hash: requestHash(req.method, req.url, req.body), now: app.ctx.clock.now() });
    if (claim.kind === 'reused') throw new ConflictError(messages.idempotency.reused, 'idempotency_key_reused');
    if (claim.kind === 'in_progress') throw new ConflictError(messages.idempotency.inProgress, 'idempotency_in_progress');
    if (claim.kind === 'replay') {
      reply.header('idempotent-replayed', 'true').code(claim.statusCode);
      if (claim.contentType) reply.type(claim.contentType);
      return reply.send(claim.body);
    }
    req.idempotency = { businessId: business.id, key };
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const held = req.idempotency;
    if (!held) return payload;
    req.idempotency = undefined;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : payload === null || payload === undefined ? '' : null;
    const type = reply.getHeader('content-type');
    await settleIdempotencyKey(app.ctx.db, { ...held, statusCode: reply.statusCode, contentType: typeof type === 'string' ? type : null, body });
    return payload;
  });
}
