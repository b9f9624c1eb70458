import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@core/messages';
import { DATABASE_UNAVAILABLE } from '@core/api/system';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError } from '../errors';
import { unsupportedBodyMessage } from './security';

/** Maps every error once to `{ error: { code, message } }`; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      return reply.status(err.status).send({ error: { code: err.code, message: err.message } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message ?? 'Invalid request';
      return reply.status(400).send({
        error: { code: 'validation_error', message, ...(field ? { field } : {}) },
      });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' } });
    }
    if (status === 413) {
      return reply.status(413).send({ error: { code: 'payload_too_large', message: 'The request body is too large.' } });
    }
    if (status === 415) {
      return reply.status(415).send({ error: { code: 'unsupported_media_type', message: unsupportedBodyMessage(req) } });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: err.code?.toLowerCase() ?? 'bad_request', message: err.message } });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'request failed: the database cannot be reached');
      reply.header('retry-after', '5');
      return reply.status(503).send({ error: { code: DATABASE_UNAVAILABLE, message: messages.system.databaseUnavailable } });
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ error: { code: 'not_found', message: `No such endpoint: ${req.method} ${req.url.split('?')[0]}` } });
  });
}
