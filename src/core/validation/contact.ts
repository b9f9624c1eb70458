import { z } from 'zod';
import { messages } from '../messages';
import { emailField } from './email';
import { optionalText, requiredText } from './text';

// Contact form (spec 3 and 5): name, email and message required.

/** What the visitor is asking about. */
export const contactInterests = ['general', 'demo', 'pricing', 'enterprise', 'support'] as const;
export type ContactInterest = (typeof contactInterests)[number];

/** Contact form: 'Please fill in all required fields.' for a missing name, email or message. */
export const contactFormSchema = z.object({
  name: requiredText(messages.contact.requiredFields),
  email: emailField({ required: messages.contact.requiredFields, invalid: messages.notify.emailInvalid }),
  company: optionalText(200),
  phone: optionalText(50),
  message: requiredText(messages.contact.requiredFields, 5000),
  interest: z.enum(contactInterests).default('general'),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;
