/** Node's socket errors when the database server cannot be reached or drops the connection. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL's SQLSTATEs of the same: connection exceptions (08), the server shutting down or starting (57P01-57P03),
 * and too many connections (53300).
 */
const SQLSTATES = /^(08\d{3}|57P0[123]|53300)$/;
/** node-postgres' own words when a connection dies or the pool cannot open one in time. */
const DRIVER_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused/i;

/**
 * True when an error (or any error it wraps: drizzle wraps the driver's in `cause`) means the database could not be
 * reached, as opposed to a query it refused: such a request answers 503 and may be tried again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.test(code))) return true;
    if (DRIVER_MESSAGES.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}
