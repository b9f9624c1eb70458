import { z } from 'zod';
import { messages } from '../messages';
import { timeZoneSchema } from './auth';
import { requiredText } from './text';

/** The owner's own profile on the account page: the sign-up fields a business may change (spec 3, D8). */
export const profileUpdateSchema = z.object({
  companyName: requiredText(messages.signup.companyNameRequired),
  ownerName: requiredText(messages.signup.ownerNameRequired),
  phone: requiredText(messages.signup.phoneRequired, 50),
  timeZone: timeZoneSchema,
});
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
