// Answers of the back office's business routes (/api/admin/businesses..., spec 2.16 Business Management): one
// definition for the routes (validation and OpenAPI) and the web app (which imports only the types).
import { z } from 'zod';
import { billingStates } from '../billing/billing-state';
import { businessStatuses } from '../business-status';

/** One business as the list shows it. */
export const adminBusinessSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  ownerName: z.string(),
  email: z.string(),
  phone: z.string(),
  plan: z.string().describe('A plan id (starter, professional, business, enterprise)'),
  status: z.string().describe('A business status (active, trial, suspended, inactive)'),
  portalCount: z.number().int(),
  trialEndsAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  timeZone: z.string().describe("The business's time zone: its dates (trial end, created) are shown in it"),
  billingState: z.enum(billingStates).optional().describe('Where it stands with paying: trial, paying, past due, in grace or lapsed, cancelled... (the list only)'),
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;

/** GET /api/admin/businesses */
export const adminBusinessListSchema = z.object({ businesses: z.array(adminBusinessSchema), total: z.number().int(), matching: z.number().int() });
export type AdminBusinessList = z.infer<typeof adminBusinessListSchema>;

/** GET /api/admin/businesses/{id} */
export const adminBusinessDetailSchema = adminBusinessSchema.extend({
  statusBeforeSuspension: z.string().nullable().describe('While suspended: the status a reactivation returns to'),
  updatedAt: z.iso.datetime(),
  lastSignInAt: z.iso.datetime().nullable(),
  activeSessions: z.number().int(),
  hasPassword: z.boolean(),
});
export type AdminBusinessDetail = z.infer<typeof adminBusinessDetailSchema>;

/** POST /api/admin/businesses (201): the new business, and whether its owner was e-mailed a password link. */
export const createdBusinessSchema = z.object({ id: z.string(), mailed: z.boolean() });
export type CreatedBusiness = z.infer<typeof createdBusinessSchema>;

/** POST /api/admin/businesses/{id}/reactivate: the status it returned to. */
export const reactivatedBusinessSchema = z.object({ status: z.enum(businessStatuses) });
export type ReactivatedBusiness = z.infer<typeof reactivatedBusinessSchema>;

/** POST /api/admin/businesses/{id}/impersonate: where the browser goes now, as the business, and for how long. */
export const impersonationStartedSchema = z.object({ redirectTo: z.string(), expiresInSeconds: z.number() });
export type ImpersonationStarted = z.infer<typeof impersonationStartedSchema>;
