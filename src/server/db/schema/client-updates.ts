import { foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients';

/** How the client proved who they are before sending: their access link, or an e-mailed code. */
export type ClientUpdateVia = 'link' | 'code';

/** A short update or question a client sent from the portal's card; read by the business in its app. */
export const clientUpdates = pgTable(
  'client_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: text('portal_id').notNull(),
    clientId: text('client_id').notNull(),
    /** The portal's business, for listing unread updates without a join. */
    businessId: text('business_id').notNull(),
    message: text('message').notNull(),
    via: text('via').$type<ClientUpdateVia>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    readByUserId: text('read_by_user_id'),
  },
  (t) => [
    foreignKey({ name: 'client_updates_client_fk', columns: [t.portalId, t.clientId], foreignColumns: [clients.portalId, clients.clientId] }).onDelete('cascade').onUpdate('cascade'),
    index('client_updates_client_idx').on(t.portalId, t.clientId, t.createdAt),
    index('client_updates_business_idx').on(t.businessId, t.createdAt),
  ],
);
