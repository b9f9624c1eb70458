import type { MessageChanges } from './notification-changes';
import type { NotificationSettings } from './notification-settings';
import { statusKey } from './status';

// Texts for urgent updates (issue 19 item 7, D10): which updates are urgent, the client's phone from the mapped
// column, what a text says, and the replies the inbound webhook understands.

/**
 * A phone number in E.164 form (+ and 8 to 15 digits), from what a sheet holds: spaces, dots, dashes and brackets are
 * dropped, a leading 00 is an international prefix, and ten digits alone are a North American number (+1). Anything
 * else is not a number we can text (null).
 */
export function normalizePhone(value: string): string | null {
  const compact = value.trim().replace(/[\s().-]/g, '');
  if (compact === '') return null;
  let digits: string;
  if (compact.startsWith('+')) digits = compact.slice(1);
  else if (compact.startsWith('00')) digits = compact.slice(2);
  else if (/^\d{10}$/.test(compact)) digits = `1${compact}`;
  else if (/^1\d{10}$/.test(compact)) digits = compact;
  else return null;
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/**
 * ITU-T E.164 country codes by their first digit: 1 (North America) and 7 are one digit; in the other zones the
 * two-digit codes are listed and every other code is three digits (+44 is two, +353 three).
 */
const TWO_DIGIT_COUNTRY_CODES = new Set([
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49', '51', '52', '53',
  '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90', '91', '92', '93',
  '94', '95', '98',
]);

/** The country calling code of an E.164 number (`+14155550134` -> `+1`, `+442079460958` -> `+44`). */
export function countryCodeOf(phone: string): string {
  const digits = phone.replace(/^\+/, '');
  if (digits.startsWith('1') || digits.startsWith('7')) return `+${digits[0]}`;
  return `+${TWO_DIGIT_COUNTRY_CODES.has(digits.slice(0, 2)) ? digits.slice(0, 2) : digits.slice(0, 3)}`;
}

/** A phone number shown to the business as its country code and last 4 digits only: +1 •••• 0134. */
export function maskPhone(phone: string): string {
  return `${countryCodeOf(phone)} •••• ${phone.slice(-4)}`;
}

/**
 * Whether the changes of an update are urgent enough for a text: the status changed (and did not change back) to
 * one the business marked urgent, or it changed for a client whose priority is marked urgent. Moves in the queue and
 * estimates are never texted.
 */
export function isUrgentUpdate(changes: MessageChanges, priority: string, sms: Pick<NotificationSettings['sms'], 'urgentStatuses' | 'urgentPriorities'>): boolean {
  const s = changes.status;
  if (!s || changes.removed || statusKey(s.from) === statusKey(s.to)) return false;
  return sms.urgentStatuses.includes(statusKey(s.to)) || sms.urgentPriorities.includes(priority.trim().toLowerCase());
}

/** A text stays within two segments (GSM-7: 153 characters each when split). */
export const SMS_MAX_LENGTH = 306;

/** What an urgent text says: who, the new status and its line, the access link, and how to stop. */
export function composeUrgentText(input: { companyName: string; status: string; line: string; link: string }): string {
  const tail = ` ${input.link} Reply STOP to stop texts.`;
  const head = `${input.companyName}: your project is now ${input.status.trim()}.${input.line ? ` ${input.line}` : ''}`;
  const room = SMS_MAX_LENGTH - tail.length;
  return (head.length > room ? `${head.slice(0, Math.max(0, room - 1))}…` : head) + tail;
}

/** The text carrying the code a client asked for on the portal card to get texts (not an update: no STOP line needed, no link). */
export function smsOptInCodeText(companyName: string, code: string, minutes: number): string {
  return `${companyName}: your code to get texts about your project is ${code}. It expires in ${minutes} minutes.`;
}

/** The replies carriers and Twilio treat as opting out, and as opting in again. */
const STOP_WORDS = new Set(['stop', 'stopall', 'unsubscribe', 'cancel', 'end', 'quit', 'revoke', 'optout']);
const START_WORDS = new Set(['start', 'unstop', 'yes']);
const HELP_WORDS = new Set(['help', 'info']);

export type SmsReply = 'stop' | 'start' | 'help' | 'other';

/** What a client's text means: the first word, any case, punctuation ignored. */
export function classifySmsReply(body: string): SmsReply {
  const word = body.trim().split(/\s+/)[0]?.toLowerCase().replace(/[^a-z]/g, '') ?? '';
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  if (HELP_WORDS.has(word)) return 'help';
  return 'other';
}
