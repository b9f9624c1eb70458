import { z } from 'zod';
import { classifyStatus, statusKey } from './status';
import { notificationTexts } from './notification-texts';

// A portal's notification settings (issue 19, D10): which changes tell the client, the batching window, quiet
// hours, the "what this means" line per status, the editable e-mail texts and SMS for urgent updates.

/** Triggers a business switches per portal. 'invitation' is sent by the owner, never by a change. */
export const updateTriggers = ['status', 'completed', 'queue', 'estimate', 'removed'] as const;
export type UpdateTrigger = (typeof updateTriggers)[number];
export type MessageTrigger = UpdateTrigger | 'invitation';

/** Triggers that go out at most once per client and day unless the status changes again. */
export const dailyLimitedTriggers: readonly UpdateTrigger[] = ['queue', 'estimate', 'removed'];

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const timeOfDay = z.string().trim().regex(TIME, { error: notificationTexts.timeInvalid });

/** Placeholders each editable text may use, with a sample value for previews. */
export const notificationPlaceholders = {
  clientName: 'Jordan Client',
  companyName: 'Owner & Co Tax',
  status: 'In Review',
  position: '3',
  estimate: 'March 14, 2026',
  headline: 'Now: In Review',
} as const;
export type NotificationPlaceholder = keyof typeof notificationPlaceholders;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The names a text uses between double braces (as written, trimmed). */
export function placeholdersUsed(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/** Names used in a text that no notification knows (refused at save, naming them). */
export function unknownNotificationPlaceholders(text: string): string[] {
  return placeholdersUsed(text).filter((name) => !Object.hasOwn(notificationPlaceholders, name));
}

/** Fills each {{placeholder}}; a missing value becomes empty (unknown ones never get past saving). */
export function fillNotificationText(text: string, values: Partial<Record<NotificationPlaceholder, string>>): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => (Object.hasOwn(values, name) ? (values[name as NotificationPlaceholder] ?? '') : ''));
}

/** A text field whose placeholders must all be known. */
function templateText(max: number, label: string) {
  return z
    .string()
    .max(max, { error: notificationTexts.tooLong(label, max) })
    .superRefine((value, ctx) => {
      const unknown = unknownNotificationPlaceholders(value);
      if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: notificationTexts.unknownPlaceholder(unknown, label) });
    });
}

export const DEFAULT_TEMPLATES = {
  updateSubject: '{{companyName}}: {{headline}}',
  updateIntro: 'Hello {{clientName}},',
  invitationSubject: 'Follow your project with {{companyName}}',
  invitationBody:
    'Hello {{clientName}},\n\n{{companyName}} now shares the status of your project online. Open your personal page at any time to see where it stands, your place in line and the expected completion date.',
} as const;

const templatesSchema = z.object({
  updateSubject: templateText(200, 'update subject').refine((v) => v.trim().length > 0, { error: notificationTexts.subjectRequired }),
  updateIntro: templateText(1000, 'update greeting'),
  invitationSubject: templateText(200, 'invitation subject').refine((v) => v.trim().length > 0, { error: notificationTexts.subjectRequired }),
  invitationBody: templateText(4000, 'invitation text'),
});

export const notificationSettingsSchema = z.object({
  triggers: z.object({
    status: z.boolean(),
    completed: z.boolean(),
    queue: z.object({ enabled: z.boolean(), position: z.number().int().min(1, { error: notificationTexts.positionRange }).max(100, { error: notificationTexts.positionRange }) }),
    estimate: z.object({ enabled: z.boolean(), days: z.number().int().min(1, { error: notificationTexts.daysRange }).max(60, { error: notificationTexts.daysRange }) }),
    removed: z.boolean(),
  }),
  windowMinutes: z.number().int().min(0, { error: notificationTexts.windowRange }).max(240, { error: notificationTexts.windowRange }),
  quietHours: z.object({ enabled: z.boolean(), start: timeOfDay, end: timeOfDay }).refine((q) => q.start !== q.end, { error: notificationTexts.quietHoursSame }),
  /** "What this means" per status (statusKey); an empty line means the default of the status's class. */
  statusLines: z
    .record(z.string().max(200), templateText(300, 'status line'))
    .refine((lines) => Object.keys(lines).length <= 200, { error: notificationTexts.tooManyLines }),
  templates: templatesSchema,
  sms: z.object({
    enabled: z.boolean(),
    /** Statuses (statusKey) that are urgent enough for a text. */
    urgentStatuses: z.array(z.string().trim().min(1).max(200)).max(100),
    /** Priority values (as in the sheet, lower-cased) that are urgent enough for a text, e.g. 'urgent', '1'. */
    urgentPriorities: z.array(z.string().trim().min(1).max(50)).max(50),
    /** The sheet column (its header) that holds the clients' mobile numbers; '' when none is chosen. */
    phoneColumn: z.string().trim().max(200).default(''),
    /** At most this many texts per client and day (business time zone). */
    dailyLimit: z.number().int().min(1, { error: notificationTexts.smsDailyLimitRange }).max(10, { error: notificationTexts.smsDailyLimitRange }).default(2),
  }),
});

export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  triggers: { status: true, completed: true, queue: { enabled: true, position: 3 }, estimate: { enabled: true, days: 2 }, removed: false },
  windowMinutes: 10,
  quietHours: { enabled: false, start: '20:00', end: '08:00' },
  statusLines: {},
  templates: { ...DEFAULT_TEMPLATES },
  sms: { enabled: false, urgentStatuses: [], urgentPriorities: ['urgent'], phoneColumn: '', dailyLimit: 2 },
};

/** Settings as stored, read back: each part that does not parse (an older version's) takes its default. */
export function readNotificationSettings(stored: unknown): NotificationSettings {
  const value = (typeof stored === 'object' && stored !== null ? stored : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(notificationSettingsSchema.shape) as [keyof NotificationSettings, z.ZodType][]) {
    const parsed = schema.safeParse(value[key]);
    out[key] = parsed.success ? parsed.data : structuredClone(DEFAULT_NOTIFICATION_SETTINGS[key]);
  }
  const settings = out as NotificationSettings;
  settings.statusLines = Object.fromEntries(Object.entries(settings.statusLines).map(([k, v]) => [statusKey(k), v.trim()]).filter(([, v]) => v !== ''));
  settings.sms.urgentStatuses = [...new Set(settings.sms.urgentStatuses.map(statusKey))];
  settings.sms.urgentPriorities = [...new Set(settings.sms.urgentPriorities.map((p) => p.trim().toLowerCase()))];
  return settings;
}

/** The default "what this means" line of a status, by its class (and 'hold' / 'review' in its text). */
export function defaultStatusLine(status: string): string {
  const text = status.toLowerCase();
  const cls = classifyStatus(status);
  if (cls === 'completed') return notificationTexts.defaultLines.completed;
  if (cls === 'cancelled') return notificationTexts.defaultLines.cancelled;
  if (text.includes('hold')) return notificationTexts.defaultLines.onHold;
  if (text.includes('review')) return notificationTexts.defaultLines.review;
  if (cls === 'in-progress') return notificationTexts.defaultLines.inProgress;
  if (cls === 'pending') return notificationTexts.defaultLines.pending;
  return '';
}

/** The line shown under a status: the business's own for it, else the default of its class (may be empty). */
export function statusLineFor(settings: Pick<NotificationSettings, 'statusLines'>, status: string): string {
  return settings.statusLines[statusKey(status)] ?? defaultStatusLine(status);
}
