import { z } from 'zod';
import { messages } from '../messages';

/** A trimmed, required text field with a length cap; an empty value reports only `message`. */
export function requiredText(message: string, max = 200) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: messages.common.tooLong(max) });
}

/** A trimmed, optional text field with a length cap; empty becomes ''. */
export function optionalText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, { error: messages.common.tooLong(max) })
    .optional()
    .transform((v) => v ?? '');
}
