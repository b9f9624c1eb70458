import { ApiError } from '@web/lib/api-client';

/** The server's own message for a refused form (validation, rate limit), else the form's failure message. */
export function submitErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer && (error.status === 400 || error.status === 429)) return error.message;
  return fallback;
}
