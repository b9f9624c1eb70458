// Answers about the signed-in account and the platform before sign-in: GET/PATCH /api/v1/me and
// GET /api/public/config. For the routes (validation and OpenAPI) and the web app (types only).
import { z } from 'zod';

/** GET /api/v1/me */
export const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.enum(['user', 'admin']) }),
  business: z
    .object({
      companyName: z.string(),
      ownerName: z.string(),
      phone: z.string(),
      plan: z.string().describe('A plan id (starter, professional, business, enterprise)'),
      status: z.string(),
      timeZone: z.string(),
      trialEndsAt: z.iso.datetime().nullable(),
      createdAt: z.iso.datetime(),
    })
    .nullable(),
  impersonatedBy: z.string().nullable().describe('Set while an operator is signed in as this business (audited impersonation, D1)'),
});
export type Me = z.infer<typeof meSchema>;
export type MeUser = Me['user'];
export type MeBusiness = NonNullable<Me['business']>;

export const oauthProviders = ['google', 'facebook'] as const;
export type OAuthProvider = (typeof oauthProviders)[number];

/** GET /api/public/config: what the public web app needs before anyone signs in. */
export const publicConfigSchema = z.object({
  platformName: z.string(),
  oauthProviders: z.array(z.enum(oauthProviders)),
  passwordPolicy: z.object({ minLength: z.number(), requireNumber: z.boolean(), requireSpecial: z.boolean() }),
  trialDays: z.number().describe('Length of the free trial in days (platform setting)'),
  contact: z
    .object({ salesEmail: z.string().nullable(), supportEmail: z.string().nullable() })
    .describe('The addresses set in Platform Settings; null when not set (the site then offers the contact form)'),
  uploadMaxMb: z.number().describe('Largest CSV upload or sheet, in MB (SHEETS_MAX_MB)'),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** POST /api/public/reset-link/check: whether an e-mailed password link can still be used. */
export const resetLinkStateSchema = z.object({ usable: z.boolean() });
export type ResetLinkState = z.infer<typeof resetLinkStateSchema>;
