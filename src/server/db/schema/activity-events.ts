import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Audit trail: sign-ins, failed sign-ins, impersonation, operator and owner actions. */
export const activityEvents = pgTable(
  'activity_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. auth.sign_in, auth.sign_in_failed, auth.sign_up, auth.password_reset, admin.role_granted */
    type: text('type').notNull(),
    actorUserId: text('actor_user_id'),
    businessId: text('business_id'),
    ipAddress: text('ip_address'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_events_created_at_idx').on(t.createdAt), index('activity_events_type_idx').on(t.type)],
);
