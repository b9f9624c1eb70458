import { z } from 'zod';
import { messages } from '../messages';

// Spec 5: an e-mail is non-space characters, '@', and a domain with a dot.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** True when the text (as given, not trimmed) looks like an e-mail address per spec 5. */
export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Normal form of an e-mail for comparisons and unique keys: trimmed and lower-cased (D3). */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * An e-mail address with its name and domain hidden but their first letters (j•••@e•••.net): what a portal card
 * shows when the visitor searched by name, so a guessed name does not reveal the client's address (D3).
 */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0]}•••@${host[0] ?? ''}•••${tld}`;
}

/** A trimmed, required e-mail field with the given messages (empty is reported alone). */
export function emailField(text: { required: string; invalid: string }) {
  return z
    .string({ error: text.required })
    .trim()
    .min(1, { error: text.required, abort: true })
    .max(254, { error: text.invalid, abort: true })
    .refine(isEmail, { error: text.invalid });
}

/** The sign-up e-mail field: 'Email is required', 'Email is invalid'. */
export const emailSchema = emailField({
  required: messages.signup.emailRequired,
  invalid: messages.signup.emailInvalid,
});

/** A sender as written in configuration: `address@example.com` or `Name <address@example.com>`. */
export interface Mailbox {
  name?: string;
  address: string;
}

/** Reads a mailbox (`address` or `Name <address>`); null when it holds no valid address. */
export function parseMailbox(value: string): Mailbox | null {
  const text = value.trim();
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(text);
  const address = (named ? named[2]! : text).trim();
  if (!isEmail(address)) return null;
  const name = named?.[1]?.trim().replace(/^"(.*)"$/, '$1');
  return name ? { name, address } : { address };
}
