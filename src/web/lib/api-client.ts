// A small typed JSON client for the app's own API (same origin, session cookie).
// Every non-2xx answer becomes an ApiError carrying the server's { error: { code, message } }.

/** Thrown for every failed call: an HTTP error answer, or no answer at all (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** True when `message` is the server's own text (not our fallback). */
  readonly fromServer: boolean;

  constructor(status: number, code: string, message: string, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fromServer = fromServer;
  }

  /** True when the server said the caller is not signed in. */
  get isUnauthenticated(): boolean {
    return this.status === 401;
  }
}

/** Message shown when the server gave none (network down, HTML error page, ...). */
export const FALLBACK_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function isErrorBody(value: unknown): value is { error: { code?: unknown; message?: unknown } } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as { error: unknown }).error === 'object' &&
    (value as { error: unknown }).error !== null
  );
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** A body sent as it is (a file, CSV text) with its own content type, instead of as JSON. */
class RawBody {
  constructor(
    readonly data: Blob | string,
    readonly contentType: string,
  ) {}
}

async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const raw = body instanceof RawBody ? body : null;
  if (body !== undefined) headers['content-type'] = raw ? raw.contentType : 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: raw ? raw.data : body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'NETWORK_ERROR', FALLBACK_ERROR_MESSAGE);
  }

  const data = await readJson(response);
  if (!response.ok) {
    if (isErrorBody(data)) {
      const code = typeof data.error.code === 'string' ? data.error.code : 'ERROR';
      const hasMessage = typeof data.error.message === 'string' && data.error.message.length > 0;
      const message = hasMessage ? (data.error.message as string) : FALLBACK_ERROR_MESSAGE;
      throw new ApiError(response.status, code, message, hasMessage);
    }
    throw new ApiError(response.status, `HTTP_${response.status}`, FALLBACK_ERROR_MESSAGE);
  }
  return data as T;
}

/** The message to show for any thrown value: the server's own text, else `fallback`. */
export function errorMessage(error: unknown, fallback = FALLBACK_ERROR_MESSAGE): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown = {}, options?: RequestOptions) => request<T>('POST', path, body, options),
  patch: <T>(path: string, body: unknown = {}, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  put: <T>(path: string, body: unknown = {}, options?: RequestOptions) => request<T>('PUT', path, body, options),
  del: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  /** Sends a file or text as the raw body (e.g. text/csv, image/png); answers and errors as the JSON calls. */
  upload: <T>(method: 'POST' | 'PUT', path: string, body: Blob | string, contentType: string, options?: RequestOptions) =>
    request<T>(method, path, new RawBody(body, contentType), options),
};
