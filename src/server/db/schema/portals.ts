import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { businessProfiles } from './business-profiles';

/** Where a portal's clients come from. */
export type PortalSourceType = 'google_sheet' | 'csv_upload' | 'managed' | 'none';
/** How the set-up wizard was completed (spec 3: setupMethod). */
export type PortalSetupMethod = 'import' | 'template';

/**
 * A client portal of a business: its id (spec 9 format), data source, column mapping, sync state, configuration
 * and workload settings. The sync lease (sync_lease_*) makes sure two syncs of one portal never run at once,
 * across instances (decision 0022).
 */
export const portals = pgTable(
  'portals',
  {
    /** 'portal_' + 9 base-36 characters. */
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businessProfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sourceType: text('source_type').$type<PortalSourceType>().notNull().default('none'),
    setupMethod: text('setup_method').$type<PortalSetupMethod>(),
    sheetId: text('sheet_id'),
    sheetUrl: text('sheet_url'),
    /** The sheet's tab id, digits only; null means the first tab. */
    sheetGid: text('sheet_gid'),
    /** Field name to zero-based column index (core's columnMappingSchema). */
    columnMapping: jsonb('column_mapping').$type<Record<string, number>>(),
    /** The header row when the mapping was saved, to find moved columns and notice missing ones. */
    detectedHeaders: jsonb('detected_headers').$type<string[]>().notNull().default([]),
    confidence: integer('confidence'),
    /** 'mdy' or 'dmy' (core's dateOrderSchema). */
    dateOrder: text('date_order').$type<'mdy' | 'dmy'>().notNull().default('mdy'),
    syncIntervalMinutes: integer('sync_interval_minutes').notNull().default(15),
    /** When the scheduler should sync next (google_sheet only). */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }),
    /** The last sync that applied (the data shown is from then). */
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    /**
     * Fingerprint of the last applied source: the file's bytes, mapping, date order and workload settings. A sync
     * whose fingerprint matches (and whose queue is current) has nothing to write and skips parsing. Anything else
     * that changes clients must clear it.
     */
    sourceFingerprint: text('source_fingerprint'),
    /** The day (business time zone) the stored queue estimates were computed for. */
    queueComputedFor: date('queue_computed_for', { mode: 'string' }),
    syncLeaseOwner: text('sync_lease_owner'),
    syncLeaseExpiresAt: timestamp('sync_lease_expires_at', { withTimezone: true }),
    /**
     * Counts the lease's acquisitions (each one adds 1): a holder that finds the count one past its own last one
     * knows nobody else has held the lease, and so written the portal's clients, since (queue-inputs-cache.ts).
     */
    syncLeaseGeneration: bigint('sync_lease_generation', { mode: 'number' }).notNull().default(0),
    /** Portal configuration (core's portalConfigSchema). */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    /** Workload settings (core's workloadSettingsSchema). */
    workloadSettings: jsonb('workload_settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('portals_business_id_idx').on(t.businessId, t.createdAt),
    index('portals_next_sync_at_idx').on(t.nextSyncAt).where(sql`${t.sourceType} = 'google_sheet'`),
  ],
);
