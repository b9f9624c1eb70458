import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
type PasswordList = { test(password: string): boolean };
/** Mozilla's list of the most common passwords (the "10 million passwords" corpus), loaded on the first check: ~15 MB
 * that an instance serving portals never needs. */
let list: PasswordList | undefined;

/** True for a password on the common-password list (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  list ??= require('fxa-common-password-list') as PasswordList;
  return list.test(password) || list.test(password.toLowerCase());
}
