import { ApiError, FALLBACK_ERROR_MESSAGE } from '@web/lib/api-client';

/** POSTs a CSV file (text/csv body) to the API; the same error handling as the JSON client. */
export async function postCsv<T>(path: string, body: Blob | string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'text/csv' },
      body,
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', FALLBACK_ERROR_MESSAGE);
  }
  const data: unknown = (response.headers.get('content-type') ?? '').includes('application/json') ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
    if (error?.message) throw new ApiError(response.status, error.code ?? 'ERROR', error.message, true);
    throw new ApiError(response.status, `HTTP_${response.status}`, FALLBACK_ERROR_MESSAGE);
  }
  return data as T;
}
