import { z } from 'zod';
import { ESTIMATE_STYLES } from './estimates/shown';
import { messages } from './messages';
import { UPLOADED_LOGO_PATH } from './portal-logo';
import { isEmail } from './validation/email';

// A portal's configuration (spec 3: portal configuration, branding and display settings; decisions D3).
// Colours are #RRGGBB and the logo an http(s) address, so branding cannot carry script or CSS (security 19).

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A colour as #RRGGBB. */
export const hexColourSchema = z.string().trim().regex(HEX_COLOUR, { error: 'Colours must be written as #RRGGBB' });

/** An http(s) address, the address of the portal's uploaded logo, or empty. */
export const logoUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s"'<>]+$/i.test(v) || UPLOADED_LOGO_PATH.test(v), { error: 'The logo address must start with http:// or https://' });

const text = (max: number) => z.string().trim().max(max);

/**
 * The portal's contact address, or empty: an e-mail address and nothing else (clients see it as a mailto: link;
 * no line breaks, quotes, brackets or a scheme such as `javascript:` in front).
 */
export const contactEmailSchema = text(254).refine((v) => v === '' || (isEmail(v) && !/[\s<>"'(),;:\\[\]]/.test(v)), {
  error: messages.portals.contactEmailInvalid,
});

/** Each field's schema, without defaults. */
const fields = {
  companyName: text(120),
  title: text(120),
  welcomeMessage: text(500),
  customMessage: text(1000),
  primaryColor: hexColourSchema,
  secondaryColor: hexColourSchema,
  backgroundColor: hexColourSchema,
  fontFamily: text(60),
  logoUrl: logoUrlSchema,
  address: text(300),
  contactEmail: contactEmailSchema,
  contactPhone: text(60),
  showEstimatedCompletion: z.boolean(),
  /** With estimates shown: the range ("around March 5, very likely between March 3 and March 12") or the most likely date alone (D11). */
  estimateStyle: z.enum(ESTIMATE_STYLES),
  /** The spec's name; it shows or hides the queue position (and the queue insight) on the portal. */
  showPriority: z.boolean(),
  showNotes: z.boolean(),
  /** The due date from the sheet on the card (D4 shows it beside the estimate). */
  showDueDate: z.boolean(),
  showContactInfo: z.boolean(),
  showProgressBar: z.boolean(),
  allowClientUpdates: z.boolean(),
  /** The spec's requirePasswordAuth, as D3 redefines it: an e-mailed code before the card is shown. */
  requireVerification: z.boolean(),
  emailNotifications: z.boolean(),
  enableNotifications: z.boolean(),
  customDomain: text(253),
};

type Fields = typeof fields;
type ConfigShape = { [K in keyof Fields]: z.output<Fields[K]> };

/** The spec's defaults (spec 3). */
const DEFAULTS: ConfigShape = {
  companyName: 'Your Company',
  title: 'Client Status Tracker',
  welcomeMessage: 'Track the status of your project with us',
  customMessage: 'Welcome! Check your project status below.',
  primaryColor: '#3B82F6',
  secondaryColor: '#F9FAFB',
  backgroundColor: '#F9FAFB',
  fontFamily: 'Inter',
  logoUrl: '',
  address: '',
  contactEmail: '',
  contactPhone: '',
  showEstimatedCompletion: true,
  estimateStyle: 'range',
  showPriority: true,
  showNotes: true,
  showDueDate: true,
  showContactInfo: false,
  showProgressBar: true,
  allowClientUpdates: false,
  requireVerification: false,
  emailNotifications: true,
  enableNotifications: false,
  customDomain: '',
};

/** Every configuration field with the spec's defaults. */
export const portalConfigSchema = z.object(
  Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, (v as z.ZodType as z.ZodString).default(DEFAULTS[k as keyof Fields] as string)]),
  ) as unknown as {
    [K in keyof Fields]: z.ZodDefault<Fields[K]>;
  },
);

export type PortalConfig = z.output<typeof portalConfigSchema>;
export type PortalConfigInput = z.input<typeof portalConfigSchema>;

/** A change to some fields (no defaults filled in). */
export const portalConfigPatchSchema = z.object(fields).partial();
export type PortalConfigPatch = Partial<PortalConfig>;

/** The spec's default configuration; `companyName` usually comes from the business. */
export function defaultPortalConfig(companyName?: string): PortalConfig {
  return { ...DEFAULTS, ...(companyName ? { companyName: companyName.trim().slice(0, 120) } : {}) };
}

/**
 * A stored configuration read back: unknown keys dropped, missing or invalid fields set to their defaults, so a
 * configuration saved by an older version still reads.
 */
export function readPortalConfig(stored: unknown): PortalConfig {
  const base = defaultPortalConfig();
  if (typeof stored !== 'object' || stored === null) return base;
  const out: Record<string, unknown> = { ...base };
  for (const [key, schema] of Object.entries(fields) as [string, z.ZodType][]) {
    const value = (stored as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const parsed = schema.safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as PortalConfig;
}
