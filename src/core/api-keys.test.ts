import { describe, expect, it } from 'vitest';
import {
  API_KEY_LENGTH,
  apiKeyChecksum,
  apiKeyShownPrefix,
  apiKeyState,
  bearerToken,
  crc32,
  formatApiKey,
  isWellFormedApiKey,
  scopeAllows,
  toBase62,
} from './api-keys';

const RANDOM = 'aB3dE5gH7jK9mN1pQ2rS4tU6vW8xY0';

describe('API key format', () => {
  it('CRC-32 is the IEEE one (as zlib computes it)', () => {
    expect(crc32('')).toBe(0);
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('The quick brown fox jumps over the lazy dog')).toBe(0x414fa339);
  });

  it.each([
    [0, 6, '000000'],
    [61, 1, 'z'],
    [62, 2, '10'],
    [0xffffffff, 6, '4gfFC3'],
  ])('base62 of %d (width %d) is %s', (value, width, out) => {
    expect(toBase62(value, width)).toBe(out);
  });

  it('a key is the prefix, 30 random characters and a 6-character checksum of what comes before', () => {
    const key = formatApiKey(RANDOM);
    expect(key).toHaveLength(API_KEY_LENGTH);
    expect(key).toMatch(/^sl_live_[0-9A-Za-z]{36}$/);
    expect(key.slice(-6)).toBe(apiKeyChecksum(`sl_live_${RANDOM}`));
    expect(isWellFormedApiKey(key)).toBe(true);
    expect(apiKeyShownPrefix(key)).toBe('sl_live_aB3d');
  });

  it.each([
    ['one character changed', (k: string) => k.slice(0, 12) + (k[12] === 'x' ? 'y' : 'x') + k.slice(13)],
    ['checksum changed', (k: string) => k.slice(0, -1) + (k.endsWith('0') ? '1' : '0')],
    ['too short', (k: string) => k.slice(0, -1)],
    ['too long', (k: string) => `${k}0`],
    ['another prefix', (k: string) => k.replace('sl_live_', 'sl_test_')],
    ['a character outside base62', (k: string) => `${k.slice(0, 10)}-${k.slice(11)}`],
  ])('refuses a key with %s', (_name, mangle) => {
    expect(isWellFormedApiKey(mangle(formatApiKey(RANDOM)))).toBe(false);
  });

  it('refuses a random part that is not 30 base62 characters', () => {
    expect(() => formatApiKey('short')).toThrow();
    expect(() => formatApiKey(`${RANDOM.slice(0, 29)}_`)).toThrow();
  });
});

describe('API key scopes and headers', () => {
  it.each([
    ['read', 'GET', true],
    ['read', 'HEAD', true],
    ['read', 'POST', false],
    ['read', 'PUT', false],
    ['read', 'PATCH', false],
    ['read', 'DELETE', false],
    ['write', 'GET', true],
    ['write', 'POST', true],
    ['write', 'DELETE', true],
  ] as const)('a %s key may %s: %s', (scope, method, allowed) => {
    expect(scopeAllows(scope, method)).toBe(allowed);
  });

  it.each([
    [undefined, null],
    ['', null],
    ['Bearer sl_live_abc', 'sl_live_abc'],
    ['bearer   sl_live_abc ', 'sl_live_abc'],
    ['Basic dXNlcjpwYXNz', null],
    ['Bearer', null],
    ['Bearer a b', null],
  ])('bearer token of %j is %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });

  it('a key is revoked, expired or active', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(apiKeyState({ revokedAt: null, expiresAt: null }, now)).toBe('active');
    expect(apiKeyState({ revokedAt: null, expiresAt: '2026-12-01T12:00:01Z' }, now)).toBe('active');
    expect(apiKeyState({ revokedAt: null, expiresAt: '2026-12-01T12:00:00Z' }, now)).toBe('expired');
    expect(apiKeyState({ revokedAt: '2026-11-01T00:00:00Z', expiresAt: '2026-12-01T12:00:00Z' }, now)).toBe('revoked');
  });
});
