import { describe, expect, it } from 'vitest';
import { loadEnv, trustProxyOption } from './env';

describe('TRUST_PROXY', () => {
  const read = (value: string | undefined) => loadEnv(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('reads off, a number of hops, or a list of proxy addresses', () => {
    expect(read(undefined)).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('0')).toBe(false);
    expect(read('true')).toBe(1);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1, 10.0.0.0/8,loopback')).toBe('10.0.0.1,10.0.0.0/8,loopback');
    expect(read('::1')).toBe('::1');
    expect(read('fd00::/8,10.0.0.0/32')).toBe('fd00::/8,10.0.0.0/32');
  });

  it('refuses anything else with a clear message', () => {
    for (const value of ['yes', '11', 'proxy.example.com', '10.0.0.1/abc', '10.0.0.0/33', '::1/129', '10.0.0.0/8/8']) {
      expect(() => read(value), value).toThrow(/TRUST_PROXY: must be true, false, a number of proxy hops/);
    }
  });

  it('trusts exactly the nearest hops: never every hop', () => {
    const trust = trustProxyOption(1) as (address: string, hop: number) => boolean;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('198.51.100.1', 1)).toBe(false);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption('10.0.0.1')).toBe('10.0.0.1');
  });
});

describe('MAIL_FROM', () => {
  it('takes an address alone or with a name, and refuses anything else with a clear message', () => {
    expect(loadEnv({ MAIL_FROM: 'updates@example.com' }).MAIL_FROM).toBe('updates@example.com');
    expect(loadEnv({ MAIL_FROM: 'StatusLink <updates@example.com>' }).MAIL_FROM).toBe('StatusLink <updates@example.com>');
    expect(() => loadEnv({ MAIL_FROM: 'StatusLink' })).toThrow(/MAIL_FROM: must be an e-mail address, alone or with a name/);
  });
});
