import { z } from 'zod';
import { messages } from '../messages';
import { DEFAULT_PLAN_ID, DEFAULT_TRIAL_DAYS, signupPlanIds } from '../plans';
import type { PasswordPolicy } from './auth';
import { isEmail } from './email';
import { DEFAULT_GRACE_DAYS } from '../billing/billing-state';

// Platform settings (spec 3 and 5, decisions D1): defaults and the bounds of each control.

/** The product's name, the default for the platform name, sender name and footer. */
export const PRODUCT_NAME = 'StatusLink';

/** Bounds of the numeric settings (spec 5). */
export const platformSettingBounds = {
  trialDays: { min: 0, max: 90, label: 'Trial days' },
  graceDays: { min: 0, max: 30, label: 'Grace days after non-payment' },
  maxApiCalls: { min: 100, max: 10000, label: 'Max API calls per day' },
  rateLimit: { min: 10, max: 300, label: 'Rate limit per minute' },
  passwordMinLength: { min: 6, max: 32, label: 'Minimum password length' },
  jwtExpiryHours: { min: 1, max: 168, label: 'Session lifetime (hours)' },
  adminJwtExpiryHours: { min: 1, max: 24, label: 'Admin session lifetime (hours)' },
  trialEndingReminderDays: { min: 1, max: 10, label: 'Trial reminder days' },
} as const;

type BoundedSetting = keyof typeof platformSettingBounds;

const bounded = (key: BoundedSetting, fallback: number) => {
  const { min, max, label } = platformSettingBounds[key];
  const message = messages.admin.range(label, min, max);
  return z.number({ error: message }).int({ error: messages.admin.wholeNumber(label, min, max) }).min(min, { error: message }).max(max, { error: message }).default(fallback);
};

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || isEmail(v), { error: messages.admin.emailInvalid })
  .default('');

const secret = z.string().trim().max(500).default('');

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\/(?:3[0-2]|[12]?\d))?$/;
const IPV6 = /^(?=.*:)[0-9a-fA-F:]{2,39}(?:\/(?:12[0-8]|1[01]\d|[1-9]?\d))?$/;

/** The entries of a comma-separated IP allow-list, trimmed, empties dropped. */
export function parseAllowedIps(text: string): string[] {
  return text.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}

/** True when every entry is an IPv4 or IPv6 address, optionally with a /prefix. */
export function isValidIpList(text: string): boolean {
  return parseAllowedIps(text).every((ip) => IPV4.test(ip) || IPV6.test(ip));
}

/** All platform settings, grouped as the four tabs, each with its default and bounds. */
export const platformSettingsSchema = z.object({
  general: z
    .object({
      platformName: z.string().trim().min(1, { error: messages.admin.required('Platform name') }).max(100).default(PRODUCT_NAME),
      supportEmail: optionalEmail,
      salesEmail: optionalEmail,
      defaultPlan: z.enum(signupPlanIds).default(DEFAULT_PLAN_ID),
      trialDays: bounded('trialDays', DEFAULT_TRIAL_DAYS),
      /** Days portals keep answering clients after a trial ends unpaid or a payment fails (D12). */
      graceDays: bounded('graceDays', DEFAULT_GRACE_DAYS),
      maintenanceMode: z.boolean().default(false),
    })
    .prefault({}),
  api: z
    .object({
      googleSheetsApiKey: secret,
      googleSheetsEnabled: z.boolean().default(true),
      stripeApiKey: secret,
      stripeEnabled: z.boolean().default(false),
      sendgridApiKey: secret,
      sendgridEnabled: z.boolean().default(false),
      maxApiCalls: bounded('maxApiCalls', 1000),
      rateLimit: bounded('rateLimit', 60),
    })
    .prefault({}),
  security: z
    .object({
      passwordMinLength: bounded('passwordMinLength', 8),
      passwordRequireSpecial: z.boolean().default(true),
      passwordRequireNumber: z.boolean().default(true),
      jwtExpiryHours: bounded('jwtExpiryHours', 24),
      adminJwtExpiryHours: bounded('adminJwtExpiryHours', 8),
      twoFactorAuthRequired: z.boolean().default(false),
      ipRestriction: z.boolean().default(false),
      allowedIps: z
        .string()
        .trim()
        .max(2000)
        .refine(isValidIpList, { error: messages.admin.allowedIpsInvalid })
        .default(''),
    })
    .prefault({}),
  email: z
    .object({
      welcomeEmailEnabled: z.boolean().default(true),
      /** 0 means the reminder is off; otherwise 1-10 days before the trial ends. */
      trialEndingReminderDays: z
        .number()
        .int()
        .refine((v) => v === 0 || (v >= 1 && v <= 10), {
          error: messages.admin.range(platformSettingBounds.trialEndingReminderDays.label, 1, 10),
        })
        .default(3),
      trialEndedEmailEnabled: z.boolean().default(true),
      paymentFailedEmailEnabled: z.boolean().default(true),
      monthlyReportEmailEnabled: z.boolean().default(true),
      emailSenderName: z.string().trim().min(1, { error: messages.admin.required('Sender name') }).max(100).default(PRODUCT_NAME),
      emailFooterText: z.string().trim().max(1000).default(`Sent by ${PRODUCT_NAME}.`),
    })
    .prefault({}),
});

export type PlatformSettings = z.output<typeof platformSettingsSchema>;
export type PlatformSettingsInput = z.input<typeof platformSettingsSchema>;

/** The default platform settings. */
export const defaultPlatformSettings: PlatformSettings = platformSettingsSchema.parse({});

/** Trial reminder days after the checkbox changes (spec 4): unchecked 0, checked 3. */
export function trialReminderDaysFor(enabled: boolean): number {
  return enabled ? 3 : 0;
}

/** The password policy the security settings impose. */
export function passwordPolicyFromSettings(security: PlatformSettings['security']): PasswordPolicy {
  return {
    minLength: security.passwordMinLength,
    requireNumber: security.passwordRequireNumber,
    requireSpecial: security.passwordRequireSpecial,
  };
}
