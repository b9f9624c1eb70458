import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/test-app';
import { redactedUrl } from '../../src/server/lib/request-log';

describe('request logs', () => {
  it('keep the path and the query names, never the values', () => {
    expect(redactedUrl('/portal/demo?t=abc&email=jane%40example.com')).toBe('/portal/demo?t=[redacted]&email=[redacted]');
    expect(redactedUrl('/api/v1/portals/p/clients?search=Jane+Doe&page=2#x')).toBe('/api/v1/portals/p/clients?search=[redacted]&page=[redacted]');
    expect(redactedUrl('/reset-password?token=secret')).toBe('/reset-password?token=[redacted]');
    expect(redactedUrl('/pricing')).toBe('/pricing');
    expect(redactedUrl('/x?flag')).toBe('/x?flag');
  });

  it("the app's request log holds no access token, e-mail address or name from a query string", { timeout: 30_000 }, async () => {
    const lines: string[] = [];
    const t = await startTestApp({ LOG_LEVEL: 'info' }, { logger: pino({ level: 'info' }, { write: (l: string) => void lines.push(l) }) });
    await t.app.inject({ url: '/portal/demo?t=SECRET-TOKEN-123&email=jane.client%40example.com' });
    await t.app.inject({ url: '/api/public/portals/demo?name=Jane%20Client' });
    // One line per request, with the answer's status and time.
    const requestLines = lines.filter((l) => l.includes('"request completed"')).map((l) => JSON.parse(l) as { req: { url: string }; res: { statusCode: number }; responseTime: number });
    expect(requestLines.map((l) => l.req.url)).toEqual(['/portal/demo?t=[redacted]&email=[redacted]', '/api/public/portals/demo?name=[redacted]']);
    expect(requestLines.every((l) => l.res.statusCode > 0 && l.responseTime >= 0)).toBe(true);
    expect(lines.some((l) => l.includes('"incoming request"'))).toBe(false);
    const all = lines.join('\n');
    expect(all).toContain('/portal/demo?t=[redacted]&email=[redacted]');
    expect(all).not.toContain('SECRET-TOKEN-123');
    expect(all).not.toContain('jane.client');
    expect(all).not.toContain('Jane%20Client');
  });
});
