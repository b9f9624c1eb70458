import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './bytea';
import { portals } from './portals';

/**
 * A portal's uploaded logo, stored in the database so every instance on one PostgreSQL serves it. One per portal;
 * the content type comes from the image's magic bytes (PNG, JPEG, WebP or GIF, never SVG), and the SHA-256 of the
 * bytes versions its public address (/api/public/portals/{id}/logo?v=...), so a new upload shows at once.
 */
export const portalLogos = pgTable(
  'portal_logos',
  {
    portalId: text('portal_id')
      .primaryKey()
      .references(() => portals.id, { onDelete: 'cascade' }),
    /** The portal's business, so the business API can scope without a join. */
    businessId: text('business_id').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 of the bytes, hex. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    uploadedByUserId: text('uploaded_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('portal_logos_content_type_check', sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp', 'image/gif')`),
    check('portal_logos_size_check', sql`${t.size} > 0 and ${t.size} <= 524288`),
  ],
);
