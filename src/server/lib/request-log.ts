import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The request as the log shows it: like Fastify's own serializer, but with every query value replaced. Query
 * strings carry what must not sit in a log file: access-link tokens (`/portal/{id}?t=`), clients' e-mail
 * addresses and names (`?email=`, `?name=`, client searches), password-reset tokens. The names stay, for debugging.
 */
export function redactedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash === -1 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq === -1 ? part : `${part.slice(0, eq)}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, q)}?${redacted}`;
}

export function serializeRequest(req: FastifyRequest) {
  return { method: req.method, url: redactedUrl(req.url), host: req.host, remoteAddress: req.ip };
}

/**
 * One log line per request, written when it is answered (the request, its status and time), instead of Fastify's
 * two ("incoming request" and "request completed"): half the volume on a busy portal. Fastify's error lines stay.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
