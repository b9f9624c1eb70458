import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ColumnMapping } from '@core/columns';
import type { DateOrder } from '@core/sheet-values';
import { bytea } from './bytea';
import { portals } from './portals';

/** 'applied': the file the portal's data now comes from; 'held': a newer upload held back until the business confirms its large drop. */
export type UploadSlot = 'applied' | 'held';

/** How a held upload was sent (applied with these when confirmed); an applied file's are on its portal. */
export interface UploadOptions {
  columnMapping?: ColumnMapping;
  dateOrder?: DateOrder;
  setupMethod?: 'import' | 'template';
}

/**
 * A portal's uploaded CSV files, kept so the business can change the column mapping, or apply a held-back upload,
 * without finding the file again (decision 0022, "Uploaded files are kept"). At most one per slot, gone with the
 * portal. Any sync that applies drops the held one; one that applies a Google Sheet drops both. The bytes are in
 * portal_upload_chunks under `uploadId` (two slots may share them: a held upload confirmed becomes the applied one).
 */
export const portalUploads = pgTable(
  'portal_uploads',
  {
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    slot: text('slot').$type<UploadSlot>().notNull(),
    /** The name the browser gave (shown and used for the download), or null (an API upload). */
    fileName: text('file_name'),
    /** The file's size as uploaded (before compression). */
    size: integer('size').notNull(),
    /** SHA-256 of the file as uploaded, hex. */
    sha256: text('sha256').notNull(),
    /** The file's compressed bytes: portal_upload_chunks.upload_id. */
    uploadId: uuid('upload_id').notNull(),
    options: jsonb('options').$type<UploadOptions>().notNull().default({}),
    /** The run that held this upload back (slot 'held'): the business confirms what that run reported. */
    runId: uuid('run_id'),
    uploadedByUserId: text('uploaded_by_user_id'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.portalId, t.slot] }), check('portal_uploads_slot_check', sql`${t.slot} in ('applied', 'held')`)],
);

/**
 * A kept file's bytes, gzip-compressed, in chunks of at most 128 KB written one statement at a time before the
 * sync's transaction: the embedded database runs on the server's thread, and one 2 MB value held it some 0.3 s.
 * Chunks no slot refers to are deleted when a slot moves on, and swept after an hour (a run that stopped).
 */
export const portalUploadChunks = pgTable(
  'portal_upload_chunks',
  {
    uploadId: uuid('upload_id').notNull(),
    seq: integer('seq').notNull(),
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.seq] }), index('portal_upload_chunks_portal_idx').on(t.portalId)],
);
