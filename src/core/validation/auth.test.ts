import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordSchema,
  defaultPlatformPasswordPolicy,
  forgotPasswordSchema,
  isValidTimeZone,
  loginSchema,
  passwordSchema,
  resetPasswordSchema,
  signupAccountSchema,
  signupBusinessInfoSchema,
  signupPlanSchema,
  signupRequestSchema,
  signupRequestSchemaFor,
} from './auth';

function issues(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

describe('signupBusinessInfoSchema', () => {
  const valid = { companyName: ' Acme ', ownerName: ' Ann ', email: ' ann@acme.com ', phone: ' 555 ' };

  it('trims values', () => {
    expect(signupBusinessInfoSchema.parse(valid)).toEqual({
      companyName: 'Acme',
      ownerName: 'Ann',
      email: 'ann@acme.com',
      phone: '555',
    });
  });

  it.each([
    [{ companyName: '  ' }, { companyName: ['Company name is required'] }],
    [{ ownerName: '' }, { ownerName: ['Owner name is required'] }],
    [{ email: '' }, { email: ['Email is required'] }],
    [{ email: 'ann@acme' }, { email: ['Email is invalid'] }],
    [{ phone: ' ' }, { phone: ['Phone number is required'] }],
    [{ companyName: 'x'.repeat(201) }, { companyName: ['Must be at most 200 characters'] }],
  ])('%j', (patch, expected) => {
    expect(issues(signupBusinessInfoSchema, { ...valid, ...patch })).toEqual(expected);
  });

  it('reports every missing field at once', () => {
    expect(issues(signupBusinessInfoSchema, {})).toEqual({
      companyName: ['Company name is required'],
      ownerName: ['Owner name is required'],
      email: ['Email is required'],
      phone: ['Phone number is required'],
    });
  });
});

describe('signupAccountSchema', () => {
  const valid = { password: 'abcdefgh', confirmPassword: 'abcdefgh', acceptTerms: true };
  it.each([
    [{}, {}],
    [{ password: '', confirmPassword: '' }, { password: ['Password is required'] }],
    [{ password: 'abc', confirmPassword: 'abc' }, { password: ['Password must be at least 8 characters'] }],
    [{ confirmPassword: 'abcdefgX' }, { confirmPassword: ['Passwords do not match'] }],
    [{ acceptTerms: false }, { acceptTerms: ['You must accept the Terms of Service and Privacy Policy'] }],
    [
      { password: 'abc', acceptTerms: false },
      {
        password: ['Password must be at least 8 characters'],
        acceptTerms: ['You must accept the Terms of Service and Privacy Policy'],
        confirmPassword: ['Passwords do not match'],
      },
    ],
  ])('%j', (patch, expected) => {
    expect(issues(signupAccountSchema, { ...valid, ...patch })).toEqual(expected);
  });
});

describe('signupPlanSchema', () => {
  it('defaults to starter and rejects enterprise', () => {
    expect(signupPlanSchema.parse({})).toEqual({ plan: 'starter' });
    expect(signupPlanSchema.parse({ plan: 'business' })).toEqual({ plan: 'business' });
    expect(signupPlanSchema.safeParse({ plan: 'enterprise' }).success).toBe(false);
  });
});

describe('passwordSchema(policy)', () => {
  const strict = { minLength: 12, requireNumber: true, requireSpecial: true };
  it.each([
    [strict, 'abc', ['Password must be at least 12 characters', 'Password must contain a number', 'Password must contain a special character']],
    [strict, 'abcdefghijkl', ['Password must contain a number', 'Password must contain a special character']],
    [strict, 'abcdefghijk1', ['Password must contain a special character']],
    [strict, 'abcdefghij1!', []],
    [strict, 'abcdefghij 1', ['Password must contain a special character']],
    [strict, '', ['Password is required']],
    [defaultPlatformPasswordPolicy, 'Passw0rd!', []],
    [defaultPlatformPasswordPolicy, 'x'.repeat(129), ['Password must be at most 128 characters', 'Password must contain a number', 'Password must contain a special character']],
    [{ minLength: 6, requireNumber: false, requireSpecial: false }, 'abcdef', []],
    [{ minLength: 6, requireNumber: false, requireSpecial: false }, 'x'.repeat(128), []],
  ])('%j %j', (policy, value, expected) => {
    expect(issues(passwordSchema(policy), value)[''] ?? []).toEqual(expected);
  });
});

describe('loginSchema', () => {
  it.each([
    [{ email: 'a@b.co', password: 'x' }, {}],
    [{ email: ' ', password: 'x' }, { '': ['Please enter both email and password'] }],
    [{ email: 'a@b.co', password: '' }, { '': ['Please enter both email and password'] }],
    [{ email: '', password: '' }, { '': ['Please enter both email and password'] }],
  ])('%j', (input, expected) => {
    expect(issues(loginSchema, input)).toEqual(expected);
  });
});

describe('forgotPasswordSchema', () => {
  it.each([
    [{ email: 'a@b.co' }, {}],
    [{ email: '' }, { email: ['Please enter your email address'] }],
    [{ email: 'a@b' }, { email: ['Please enter a valid email address'] }],
  ])('%j', (input, expected) => {
    expect(issues(forgotPasswordSchema, input)).toEqual(expected);
  });
});

describe('resetPasswordSchema and changePasswordSchema', () => {
  it.each([
    [{ password: 'abcdefgh', confirmPassword: 'abcdefgh' }, {}],
    [{ password: 'abcdefgh', confirmPassword: 'abcdefgi' }, { confirmPassword: ['Passwords do not match'] }],
    [{ password: 'short', confirmPassword: 'short' }, { password: ['Password must be at least 8 characters'] }],
  ])('reset %j', (input, expected) => {
    expect(issues(resetPasswordSchema, input)).toEqual(expected);
  });

  it.each([
    [{ currentPassword: 'old', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, {}],
    [
      { currentPassword: '', newPassword: 'abcdefgh', confirmPassword: 'x' },
      { currentPassword: ['Current password is required'], confirmPassword: ['Passwords do not match'] },
    ],
  ])('change %j', (input, expected) => {
    expect(issues(changePasswordSchema, input)).toEqual(expected);
  });
});

describe('signupRequestSchema', () => {
  const body = { email: 'ann@acme.com', password: 'abcdefgh', name: 'Ann', companyName: 'Acme', phone: '555', acceptTerms: true };
  it('defaults the plan and accepts an optional time zone', () => {
    expect(signupRequestSchema.parse(body)).toEqual({ ...body, plan: 'starter' });
    expect(signupRequestSchema.parse({ ...body, plan: 'professional', timeZone: 'Europe/Paris' })).toMatchObject({
      plan: 'professional',
      timeZone: 'Europe/Paris',
    });
  });
  it.each([
    [{ timeZone: 'Mars/Olympus' }, { timeZone: ['Please choose a valid time zone'] }],
    [{ plan: 'enterprise' }, { plan: ['Please choose a plan'] }],
    [{ name: '' }, { name: ['Owner name is required'] }],
    // The terms must be accepted (D6), by the server too.
    [{ acceptTerms: undefined }, { acceptTerms: ['You must accept the Terms of Service and Privacy Policy'] }],
    [{ acceptTerms: false }, { acceptTerms: ['You must accept the Terms of Service and Privacy Policy'] }],
    [{ acceptTerms: 'yes' }, { acceptTerms: ['You must accept the Terms of Service and Privacy Policy'] }],
  ])('%j', (patch, expected) => {
    expect(issues(signupRequestSchema, { ...body, ...patch })).toEqual(expected);
  });
  it('follows a stricter policy', () => {
    expect(issues(signupRequestSchemaFor(defaultPlatformPasswordPolicy), body)).toEqual({
      password: ['Password must contain a number', 'Password must contain a special character'],
    });
  });
});

describe('isValidTimeZone', () => {
  it.each([
    ['UTC', true],
    ['Europe/Paris', true],
    ['America/New_York', true],
    ['Asia/Kolkata', true],
    ['', false],
    ['Nowhere/Land', false],
    ['+05:00', false],
  ])('%j -> %s', (tz, expected) => {
    expect(isValidTimeZone(tz)).toBe(expected);
  });
});
