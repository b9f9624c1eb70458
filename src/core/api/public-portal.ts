// Answer shapes of the public portal's API (/api/public/portals/...): one definition for the routes (validation and
// OpenAPI) and the portal page (which imports only the types: zod stays out of its small bundle).
import { z } from 'zod';
import { clientEstimateSchema } from './estimates';
import { cardTextUpdatesSchema } from './notifications';

export const publicPortalSchema = z.object({
  portalId: z.string(),
  state: z.enum(['ready', 'no_data', 'unavailable']).describe('ready; no_data: nothing imported yet; unavailable: the business is suspended'),
  platformName: z.string(),
  portal: z
    .object({
      companyName: z.string(),
      title: z.string(),
      welcomeMessage: z.string(),
      customMessage: z.string(),
      primaryColor: z.string().describe('#RRGGBB'),
      secondaryColor: z.string().describe('#RRGGBB'),
      backgroundColor: z.string().describe('#RRGGBB'),
      logoUrl: z.string().describe('An http(s) address, or empty'),
      contact: z.object({ address: z.string(), email: z.string(), phone: z.string() }).nullable(),
      show: z.object({ position: z.boolean(), estimatedCompletion: z.boolean(), estimateStyle: z.enum(['range', 'date']), notes: z.boolean(), dueDate: z.boolean(), progressBar: z.boolean() }),
      allowClientUpdates: z.boolean(),
      requireVerification: z.boolean(),
      poweredBy: z
        .object({ name: z.string(), url: z.string() })
        .nullable()
        .describe("The platform's name and home page, shown small beside the business's own footer; null on white-label plans"),
    })
    .optional(),
  demo: z
    .object({
      samples: z.array(z.object({ query: z.string(), note: z.string() })),
      accessLink: z.object({ name: z.string(), path: z.string() }),
    })
    .optional()
    .describe('The demo portal only'),
});

export const clientCardSchema = z.object({
  name: z.string(),
  email: z.string(),
  status: z.string(),
  statusClass: z.enum(['completed', 'cancelled', 'in-progress', 'pending', 'other']),
  badge: z
    .object({ label: z.string(), tone: z.enum(['green', 'blue', 'yellow', 'purple', 'grey']), icon: z.enum(['check', 'spinner']).nullable() })
    .describe("The portal's status badge (spec 4)"),
  queueState: z.enum(['queued', 'completed', 'cancelled']).nullable(),
  position: z.number().int().nullable().optional().describe('Present when the portal shows the queue position'),
  estimatedCompletion: z.string().nullable().optional().describe('YYYY-MM-DD; present when the portal shows estimates'),
  estimate: clientEstimateSchema
    .nullable()
    .optional()
    .describe('Present when the portal shows estimates; a portal showing a single date gives low and high equal to likely'),
  estimateNote: z
    .object({
      range: z.string().optional().describe('The range in plain words, e.g. "Around March 5, very likely between March 3 and March 12."; absent for a single date'),
      updated: z.string().describe('"Updated 2 hours ago.", after "Based on the business\'s settings." when the estimate comes from the settings'),
      reason: z.string().optional().describe('Why the most likely date moved later by more than a working day since the client last saw it'),
    })
    .optional()
    .describe('With estimate: what the card says of it, as sentences'),
  dueDate: z.string().nullable().optional().describe('YYYY-MM-DD, or the sheet\'s text when it is no date; present when the portal shows the due date'),
  notes: z.string().optional().describe('Present when the portal shows notes'),
  insights: z.string().nullable(),
  progress: z.number().int().nullable().optional().describe('Present when the portal shows a progress bar'),
});

export const lookupAnswerSchema = z.object({
  client: clientCardSchema,
  verified: z.boolean(),
  session: z.string().optional(),
  updatesAllowed: z.boolean(),
  emailUpdates: z.boolean().optional().describe('Verified cards of a portal that sends e-mail updates: whether this client gets them (the card\'s switch)'),
  textUpdates: cardTextUpdatesSchema.optional().describe('Verified cards of a portal that texts urgent updates to a number the client has: the card\'s "Text me urgent updates"'),
});

/** 202 of a lookup on a portal that requires verification: a code was e-mailed (the demo portal shows it). */
export const codeSentSchema = z.object({
  verification: z.literal('sent'),
  message: z.string(),
  demoCode: z.string().optional().describe('The demo portal only: its clients are made up, so the code is shown instead of e-mailed'),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

export type PublicPortal = z.infer<typeof publicPortalSchema>;
export type PublicPortalConfig = NonNullable<PublicPortal['portal']>;
export type ClientCard = z.infer<typeof clientCardSchema>;
export type StatusClass = ClientCard['statusClass'];
export type LookupAnswer = z.infer<typeof lookupAnswerSchema>;
