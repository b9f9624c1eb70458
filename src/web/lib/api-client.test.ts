import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage, FALLBACK_ERROR_MESSAGE } from './api-client';

function respond(status: number, body?: unknown, contentType = 'application/json') {
  return vi.fn(async () =>
    new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: body === undefined ? {} : { 'content-type': contentType },
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('turns the error shape into an ApiError with status, code and message', async () => {
    vi.stubGlobal('fetch', respond(401, { error: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } }));
    const error = await api.post('/api/auth/sign-in/email', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', fromServer: true });
    expect(errorMessage(error, 'fallback')).toBe('Invalid email or password');
  });

  it('uses the fallback message when the server gave none', async () => {
    vi.stubGlobal('fetch', respond(502, '<html>Bad gateway</html>', 'text/html'));
    const error = await api.get('/api/v1/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', message: FALLBACK_ERROR_MESSAGE, fromServer: false });
    expect(errorMessage(error, 'fallback')).toBe('fallback');
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await api.get('/api/v1/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
