import { z } from 'zod';
import { messages } from '../messages';
import { DEFAULT_PLAN_ID, signupPlanIds } from '../plans';
import { emailField, emailSchema } from './email';
import { requiredText } from './text';

// Sign-up, sign-in and password schemas (spec section 5, decisions D6).

export interface PasswordPolicy {
  minLength: number;
  requireNumber: boolean;
  requireSpecial: boolean;
}

/** Longest password accepted, whatever the policy. */
export const PASSWORD_MAX_LENGTH = 128;

/** How long a password-reset link works (the e-mail and the forgot/reset pages say so). */
export const RESET_LINK_MINUTES = 60;

/** How long an operator's "Login as this business" lasts (the back office says so beside the button). */
export const IMPERSONATION_MINUTES = 60;

/** The spec's sign-up rule: at least 8 characters, nothing else (spec 5). */
export const basePasswordPolicy: PasswordPolicy = { minLength: 8, requireNumber: false, requireSpecial: false };

/** The back-office defaults for the platform's password policy (spec 9: minimum 8, number and special required). */
export const defaultPlatformPasswordPolicy: PasswordPolicy = {
  minLength: 8,
  requireNumber: true,
  requireSpecial: true,
};

const HAS_NUMBER = /\p{N}/u;
const HAS_SPECIAL = /[^\p{L}\p{N}\s]/u;

/** A password field following the policy; an empty value is reported alone as 'Password is required'. */
export function passwordSchema(policy: PasswordPolicy = basePasswordPolicy) {
  return z
    .string({ error: messages.password.required })
    .min(1, { error: messages.password.required, abort: true })
    .min(policy.minLength, { error: messages.password.tooShort(policy.minLength) })
    .max(PASSWORD_MAX_LENGTH, { error: messages.password.tooLong(PASSWORD_MAX_LENGTH) })
    .refine((v) => !policy.requireNumber || HAS_NUMBER.test(v), { error: messages.password.needsNumber })
    .refine((v) => !policy.requireSpecial || HAS_SPECIAL.test(v), { error: messages.password.needsSpecial });
}

/** Sign-up step 1: company name, owner name, e-mail, phone (all trimmed and required). */
export const signupBusinessInfoSchema = z.object({
  companyName: requiredText(messages.signup.companyNameRequired),
  ownerName: requiredText(messages.signup.ownerNameRequired),
  email: emailSchema,
  phone: requiredText(messages.signup.phoneRequired, 50),
});
export type SignupBusinessInfo = z.infer<typeof signupBusinessInfoSchema>;

// Runs the match check even when other fields fail, so the form shows every problem at once.
const bothStrings = (a: string, b: string) => (payload: { value: unknown }) => {
  const v = payload.value as Record<string, unknown> | null;
  return typeof v === 'object' && v !== null && typeof v[a] === 'string' && typeof v[b] === 'string';
};

/** Sign-up step 2 with the given password policy: password, confirmation, terms accepted (D6). */
export function signupAccountSchemaFor(policy: PasswordPolicy) {
  return z
    .object({
      password: passwordSchema(policy),
      confirmPassword: z.string({ error: messages.password.doNotMatch }),
      acceptTerms: z
        .boolean({ error: messages.signup.termsRequired })
        .refine((v) => v, { error: messages.signup.termsRequired }),
    })
    .refine((d) => d.password === d.confirmPassword, {
      error: messages.signup.passwordsDoNotMatch,
      path: ['confirmPassword'],
      when: bothStrings('password', 'confirmPassword'),
    });
}

/** Sign-up step 2 with the spec's rule (at least 8 characters). */
export const signupAccountSchema = signupAccountSchemaFor(basePasswordPolicy);
export type SignupAccount = z.infer<typeof signupAccountSchema>;

/** A sign-up plan id (starter, professional, business); defaults to starter. */
export const signupPlanIdSchema = z.enum(signupPlanIds, { error: messages.signup.planInvalid });

/** Sign-up step 3: the chosen plan, starter by default. */
export const signupPlanSchema = z.object({
  plan: signupPlanIdSchema.default(DEFAULT_PLAN_ID),
});
export type SignupPlan = z.infer<typeof signupPlanSchema>;

/** True when the text is a time zone name Intl knows (e.g. 'Europe/Paris', 'UTC'). */
export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== 'string' || tz.length === 0 || tz.length > 64 || /^[+-]/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The zone when Intl knows it, else UTC (for dates worked out from a stored zone). */
export function zoneOrUtc(timeZone: string): string {
  return isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

/** An IANA time zone name. */
export const timeZoneSchema = z
  .string({ error: messages.signup.timeZoneInvalid })
  .trim()
  .refine(isValidTimeZone, { error: messages.signup.timeZoneInvalid });

/** The terms accepted (D6): the server refuses a sign-up without it, whatever the form did. */
export const acceptTermsSchema = z.literal(true, { error: messages.signup.termsRequired });

/** The server's sign-up body with the given password policy. */
export function signupRequestSchemaFor(policy: PasswordPolicy) {
  return z.object({
    email: emailSchema,
    password: passwordSchema(policy),
    name: requiredText(messages.signup.ownerNameRequired),
    companyName: requiredText(messages.signup.companyNameRequired),
    phone: requiredText(messages.signup.phoneRequired, 50),
    plan: signupPlanIdSchema.default(DEFAULT_PLAN_ID),
    timeZone: timeZoneSchema.optional(),
    acceptTerms: acceptTermsSchema,
  });
}

/** The server's sign-up body with the spec's password rule: {email, password, name, companyName, phone, plan, timeZone?, acceptTerms}. */
export const signupRequestSchema = signupRequestSchemaFor(basePasswordPolicy);
export type SignupRequest = z.infer<typeof signupRequestSchema>;

/**
 * What an account may change about itself through better-auth's update-user: its name (trimmed, required when
 * given) and picture address. Anything else (an e-mail, a role, a number where the name goes) is refused.
 */
export const userUpdateSchema = z
  .object({
    name: requiredText(messages.signup.ownerNameRequired).optional(),
    image: z.string().trim().max(2000).nullable().optional(),
  })
  .strict();

/** Sign-in: both fields required, one message 'Please enter both email and password' on the form (path []). */
export const loginSchema = z
  .object({
    email: z.string({ error: messages.login.bothRequired }).trim(),
    password: z.string({ error: messages.login.bothRequired }),
  })
  .refine((d) => d.email.length > 0 && d.password.length > 0, { error: messages.login.bothRequired });
export type LoginInput = z.infer<typeof loginSchema>;

/** Forgot password: 'Please enter your email address', 'Please enter a valid email address'. */
export const forgotPasswordSchema = z.object({
  email: emailField({
    required: messages.forgotPassword.emailRequired,
    invalid: messages.forgotPassword.emailInvalid,
  }),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** Reset password with the given policy: new password and its confirmation. */
export function resetPasswordSchemaFor(policy: PasswordPolicy) {
  return z
    .object({
      password: passwordSchema(policy),
      confirmPassword: z.string({ error: messages.password.doNotMatch }),
    })
    .refine((d) => d.password === d.confirmPassword, {
      error: messages.password.doNotMatch,
      path: ['confirmPassword'],
      when: bothStrings('password', 'confirmPassword'),
    });
}

/** Reset password with the spec's rule. */
export const resetPasswordSchema = resetPasswordSchemaFor(basePasswordPolicy);
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Change password with the given policy: current password, new password and its confirmation. */
export function changePasswordSchemaFor(policy: PasswordPolicy) {
  return z
    .object({
      currentPassword: z
        .string({ error: messages.password.currentRequired })
        .min(1, { error: messages.password.currentRequired }),
      newPassword: passwordSchema(policy),
      confirmPassword: z.string({ error: messages.password.doNotMatch }),
    })
    .refine((d) => d.newPassword === d.confirmPassword, {
      error: messages.password.doNotMatch,
      path: ['confirmPassword'],
      when: bothStrings('newPassword', 'confirmPassword'),
    });
}

/** Change password with the spec's rule. */
export const changePasswordSchema = changePasswordSchemaFor(basePasswordPolicy);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
