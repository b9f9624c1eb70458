import { missingTwilioSettings, twilioSender } from './integrations/sms/twilio-sms';
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

describe('TWILIO_*', () => {
  it('takes an Account SID and a sender number or Messaging Service, and says which is wrong; none, or some, means no texts', () => {
    const sid = `AC${'a1'.repeat(16)}`;
    const env = loadEnv({ TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: 'token', TWILIO_FROM: '+15005550006', TWILIO_API_BASE_URL: 'http://127.0.0.1:9' });
    expect(missingTwilioSettings(env)).toEqual([]);
    expect(loadEnv({ TWILIO_FROM: `MG${'b2'.repeat(16)}` }).TWILIO_FROM).toBe(`MG${'b2'.repeat(16)}`);
    expect(() => loadEnv({ TWILIO_ACCOUNT_SID: 'SK123' })).toThrow(/TWILIO_ACCOUNT_SID: must be an Account SID: AC and 32 hex digits/);
    expect(() => loadEnv({ TWILIO_FROM: '555-0134' })).toThrow(/TWILIO_FROM: must be a phone number such as \+15005550006, or a Messaging Service SID/);
    expect(missingTwilioSettings(loadEnv({ TWILIO_ACCOUNT_SID: sid }))).toEqual(['TWILIO_AUTH_TOKEN', 'TWILIO_FROM']);
    expect(twilioSender(loadEnv({ TWILIO_ACCOUNT_SID: sid }))).toBeNull();
  });
});
