import { describe, expect, it } from 'vitest';
import {
  defaultPlatformSettings,
  isValidIpList,
  parseAllowedIps,
  passwordPolicyFromSettings,
  platformSettingsSchema,
  trialReminderDaysFor,
} from './admin-settings';

describe('platform settings defaults (spec 9)', () => {
  it('has the back-office defaults', () => {
    expect(defaultPlatformSettings.general).toMatchObject({ platformName: 'StatusLink', defaultPlan: 'starter', trialDays: 14, maintenanceMode: false });
    expect(defaultPlatformSettings.api).toMatchObject({ maxApiCalls: 1000, rateLimit: 60 });
    expect(defaultPlatformSettings.security).toMatchObject({
      passwordMinLength: 8,
      passwordRequireSpecial: true,
      passwordRequireNumber: true,
      jwtExpiryHours: 24,
      adminJwtExpiryHours: 8,
      ipRestriction: false,
    });
    expect(defaultPlatformSettings.email).toMatchObject({ trialEndingReminderDays: 3, emailSenderName: 'StatusLink' });
    expect(defaultPlatformSettings.email.emailFooterText).toContain('StatusLink');
    expect(passwordPolicyFromSettings(defaultPlatformSettings.security)).toEqual({ minLength: 8, requireNumber: true, requireSpecial: true });
  });
});

describe('bounds (spec 5)', () => {
  it.each<[string, string, number, string | null]>([
    ['general', 'trialDays', 0, null],
    ['general', 'trialDays', 90, null],
    ['general', 'trialDays', 91, 'Trial days must be between 0 and 90'],
    ['general', 'trialDays', -1, 'Trial days must be between 0 and 90'],
    ['api', 'maxApiCalls', 99, 'Max API calls per day must be between 100 and 10000'],
    ['api', 'maxApiCalls', 10000, null],
    ['api', 'rateLimit', 9, 'Rate limit per minute must be between 10 and 300'],
    ['api', 'rateLimit', 300, null],
    ['security', 'passwordMinLength', 5, 'Minimum password length must be between 6 and 32'],
    ['security', 'passwordMinLength', 32, null],
    ['security', 'jwtExpiryHours', 169, 'Session lifetime (hours) must be between 1 and 168'],
    ['security', 'adminJwtExpiryHours', 25, 'Admin session lifetime (hours) must be between 1 and 24'],
    ['security', 'adminJwtExpiryHours', 0, 'Admin session lifetime (hours) must be between 1 and 24'],
    ['email', 'trialEndingReminderDays', 0, null],
    ['email', 'trialEndingReminderDays', 1, null],
    ['email', 'trialEndingReminderDays', 10, null],
    ['email', 'trialEndingReminderDays', 11, 'Trial reminder days must be between 1 and 10'],
    ['general', 'trialDays', 1.5, 'Trial days must be a whole number between 0 and 90'],
  ])('%s.%s = %s', (group, key, value, message) => {
    const r = platformSettingsSchema.safeParse({ [group]: { [key]: value } });
    if (message === null) expect(r.success).toBe(true);
    else expect(r.error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it.each([
    [{ general: { supportEmail: 'help@x.com' } }, true],
    [{ general: { supportEmail: 'nope' } }, false],
    [{ general: { defaultPlan: 'enterprise' } }, false],
    [{ general: { platformName: ' ' } }, false],
    [{ security: { allowedIps: '10.0.0.1, 192.168.0.0/16, ::1, 2001:db8::/32' } }, true],
    [{ security: { allowedIps: '10.0.0.256' } }, false],
    [{ security: { allowedIps: 'localhost' } }, false],
  ])('%j valid = %s', (input, ok) => {
    expect(platformSettingsSchema.safeParse(input).success).toBe(ok);
  });

  it('helpers', () => {
    expect(parseAllowedIps(' 1.2.3.4, ,5.6.7.8 ')).toEqual(['1.2.3.4', '5.6.7.8']);
    expect(isValidIpList('')).toBe(true);
    expect(trialReminderDaysFor(false)).toBe(0);
    expect(trialReminderDaysFor(true)).toBe(3);
  });
});
