import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMalformedRequestUrl, securityHeaders, themeInitScriptSource } from './security';

describe('security headers', () => {
  it('over plain http: a strict policy, no HSTS', () => {
    const h = securityHeaders({ https: false, themeInit: null });
    expect(h['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: https: http:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'self'",
    );
    expect(h['strict-transport-security']).toBeUndefined();
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('behind https: HSTS and upgrade-insecure-requests; the inline theme script allowed by its hash only', () => {
    const h = securityHeaders({ https: true, themeInit: "'sha256-abc='" });
    expect(h['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(h['content-security-policy']).toContain("script-src 'self' 'sha256-abc='");
    expect(h['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
    expect(h['content-security-policy']).not.toContain('unsafe-inline\';script');
  });

  it('hashes the built theme-init.js exactly as the browser hashes the inline script', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statuslink-web-'));
    try {
      expect(themeInitScriptSource(dir)).toBeNull();
      const code = '(function () { document.documentElement.classList.add("dark"); })();\n';
      fs.writeFileSync(path.join(dir, 'theme-init.js'), code);
      const expected = crypto.createHash('sha256').update(code, 'utf8').digest('base64');
      expect(themeInitScriptSource(dir)).toBe(`'sha256-${expected}'`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('request addresses read differently by different parts of the server', () => {
  it('refuses dot segments (also percent-encoded), backslashes and NUL; passes ordinary addresses', () => {
    for (const url of [
      '/api/auth/sign-in/./email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/sign-in/%2e/email',
      '/api/auth/x/%2E%2e/sign-in/email',
      '/api/auth/x/..',
      '/api/auth/x\\..\\sign-in/email',
      'http://localhost:3000/api/auth/sign-in/email',
      '//localhost:3000/api/auth/sign-in/email',
      '/api/auth/sign-in/email#x',
      '*',
      '/api/v1/portals/x%00',
      '/api/v1/portals/p/clients?search=%00',
    ]) {
      expect(isMalformedRequestUrl(url), url).toBe(true);
    }
    for (const url of ['/', '/api/auth/sign-in/email', '/portal/demo?email=a.b@example.com', '/assets/index-abc.js', '/api/v1/portals?search=..', '/.well-known/x', '/api/v1/portals/p/clients/a.b', '/api/v1/portals/p/clients/DOMAIN%5C42']) {
      expect(isMalformedRequestUrl(url), url).toBe(false);
    }
  });
});
