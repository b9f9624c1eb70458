import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// Mozilla's list of the most common passwords (from the "10 million passwords" corpus).
const list = require('fxa-common-password-list') as { test(password: string): boolean };

/** True for a password on the common-password list (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return list.test(password) || list.test(password.toLowerCase());
}
