// The client events API (GET /api/v1/portals/{portalId}/events): what changed for which client, in order per portal
// (decision 0011). Query and answer shapes for the route (validation, OpenAPI).
import { z } from 'zod';
import { CLIENT_EVENT_RETENTION_DAYS, clientEventTypes } from '../client-events';

/** Most events one page holds. */
export const MAX_EVENTS_PAGE = 1000;

export const clientEventsQuery = z.object({
  after: z.coerce
    .number({ error: 'after must be an event id (a whole number)' })
    .int({ error: 'after must be an event id (a whole number)' })
    .min(0, { error: 'after must be an event id (a whole number)' })
    .default(0)
    .describe("Events after this id (the previous page's nextAfter); 0 or absent: from the oldest kept"),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_EVENTS_PAGE}` })
    .int({ error: `limit must be a whole number from 1 to ${MAX_EVENTS_PAGE}` })
    .min(1, { error: `limit must be a whole number from 1 to ${MAX_EVENTS_PAGE}` })
    .max(MAX_EVENTS_PAGE, { error: `limit must be a whole number from 1 to ${MAX_EVENTS_PAGE}` })
    .default(100)
    .describe(`Events per page (1 to ${MAX_EVENTS_PAGE}, default 100)`),
});

export const clientEventSchema = z.object({
  id: z.number().int().describe("The event's id: increasing within a portal, the order events happened in"),
  type: z.enum(clientEventTypes),
  portalId: z.string(),
  clientId: z.string().describe("The client's key (as in /clients/{clientId})"),
  occurredAt: z.string().describe('When the change was written (ISO 8601)'),
  changedBy: z.enum(['sync', 'user', 'api_key', 'system']).describe('What caused it: a sync or upload, a signed-in user, an API key, or a scheduled job'),
  actor: z.string().describe("Who or what exactly: 'sync:<run id>', 'user:<id>', 'api_key:<id>', 'system:<job>'"),
  syncRunId: z.string().nullable().describe('The sync run that caused it, when a sync did'),
  data: z
    .record(z.string(), z.unknown())
    .describe(
      'By type: added {status, statusClass}; status_changed {from, to, fromClass, toClass}; completed and cancelled {status}; queue_moved {from, to} (positions, null: not in the queue); estimate_changed {from, to} (YYYY-MM-DD or null); removed and restored {}',
    ),
});
export type ClientEventView = z.infer<typeof clientEventSchema>;

export const clientEventPageSchema = z.object({
  events: z.array(clientEventSchema),
  nextAfter: z.number().int().nullable().describe('Pass as `after` for the next page; null: no more events for now'),
  retentionDays: z.literal(CLIENT_EVENT_RETENTION_DAYS).describe('Events are kept this many days'),
});
export type ClientEventPage = z.infer<typeof clientEventPageSchema>;
