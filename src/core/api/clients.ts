// Answers of the client routes under /api/v1/portals/{portalId}/clients... beyond the list and the detail
// (portals.ts): access links, client updates, queue positions, restore and managed writes. One definition for the
// routes (validation and OpenAPI) and the web app (which imports only the types).
import { z } from 'zod';
import { clientSchema } from './portals';
import { clientCardSchema } from './public-portal';

/** GET .../clients/{clientId}/access-link: whether the client has a link (the link itself is shown only when made). */
export const accessLinkStateSchema = z.object({ active: z.boolean(), createdAt: z.iso.datetime().nullable(), lastUsedAt: z.iso.datetime().nullable() });
export type AccessLinkState = z.infer<typeof accessLinkStateSchema>;

/** POST .../access-link: the new link, returned once. */
export const createdAccessLinkSchema = accessLinkStateSchema.extend({ active: z.literal(true), url: z.string(), token: z.string() });
export type CreatedAccessLink = z.infer<typeof createdAccessLinkSchema>;

export const revokedAccessLinkSchema = z.object({ revoked: z.boolean() });

/** A client's update or question sent from the portal. */
export const clientUpdateSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  message: z.string(),
  via: z.enum(['link', 'code']),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type ClientUpdate = z.infer<typeof clientUpdateSchema>;

/** GET .../clients/{clientId}/updates and GET .../portals/{portalId}/updates, newest first. */
export const clientUpdateListSchema = z.object({ updates: z.array(clientUpdateSchema), unread: z.number().int() });
export type ClientUpdateList = z.infer<typeof clientUpdateListSchema>;

export const markedReadSchema = z.object({ marked: z.number().int() });
export type MarkedRead = z.infer<typeof markedReadSchema>;

/** A client's manual queue position (null: automatic), as a position change returns it and its undo sends it. */
export const manualPositionSchema = z.object({ clientId: z.string().min(1).max(500), manualPosition: z.number().int().min(1).max(1_000_000).nullable() });
export type ManualPositionValue = z.infer<typeof manualPositionSchema>;

export const previousPositionsSchema = z.object({ previous: z.array(manualPositionSchema).describe('The overrides as they were: send them back to undo') });
export type PreviousPositions = z.infer<typeof previousPositionsSchema>;

/** GET .../card-preview: the public portal's card (the same schema as the portal's lookup answer), for the Template Configurator. */
export const previewCardSchema = z.object({ clientId: z.string(), card: clientCardSchema });
export type PreviewCard = z.infer<typeof previewCardSchema>;

/** POST .../clients/{clientId}/restore */
export const restoredClientSchema = z.object({
  client: clientSchema,
  message: z.string().describe('What happens next: the restore is kept until the source next changes (decision 0022)'),
});
export type RestoredClient = z.infer<typeof restoredClientSchema>;

/** A managed portal's write of one client (add, replace, change, remove). */
export const managedClientAnswerSchema = z.object({ client: clientSchema });
export type ManagedClientAnswer = z.infer<typeof managedClientAnswerSchema>;

/** POST .../clients/bulk */
export const bulkClientsAnswerSchema = z.object({
  created: z.array(z.string()).describe('Keys of the clients added (or brought back from removed)'),
  updated: z.array(z.string()).describe('Keys of the clients replaced (unchanged ones included)'),
});
export type BulkClientsAnswer = z.infer<typeof bulkClientsAnswerSchema>;
