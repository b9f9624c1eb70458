import { z } from 'zod';
import { planIds } from '@core/plans';
import { timeZoneSchema } from '@core/validation/auth';
import { isEmail } from '@core/validation/email';
import { businessStatuses } from '@core/business-status';

/** The fields an operator sets when adding or editing a business. */
export const businessInputSchema = z.object({
  companyName: z.string().trim().min(1, { error: 'Company name is required' }).max(200),
  ownerName: z.string().trim().min(1, { error: 'Owner name is required' }).max(200),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { error: 'Email is required' })
    .max(254)
    .refine(isEmail, { error: 'Email is invalid' }),
  phone: z.string().trim().max(50).default(''),
  plan: z.enum(planIds),
  status: z.enum(businessStatuses),
  /** The business's time zone (D8); a new business without one gets UTC, an edit without one keeps its zone. */
  timeZone: timeZoneSchema.optional(),
});
export type BusinessInput = z.output<typeof businessInputSchema>;
