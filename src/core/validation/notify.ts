import { z } from 'zod';
import { messages } from '../messages';
import { comingSoonFeatureKeys } from '../coming-soon';
import { emailField } from './email';

// Coming-soon notify form (spec 5): the e-mail must look like an e-mail.

/**
 * Notify-me form: 'Please enter a valid email address' when empty or malformed; `feature` from the page's path, one
 * of the announced features (no waitlist for a made-up name).
 */
export const notifyFormSchema = z.object({
  email: emailField({ required: messages.notify.emailInvalid, invalid: messages.notify.emailInvalid }),
  feature: z.string().trim().toLowerCase().pipe(z.enum(comingSoonFeatureKeys, { error: 'Unknown feature.' })),
});
export type NotifyForm = z.output<typeof notifyFormSchema>;
