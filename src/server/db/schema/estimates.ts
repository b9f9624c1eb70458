import { date, foreignKey, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { EstimateBasis } from '@core/estimates/ranges';
import type { SlipReason } from '@core/estimates/slip';
import type { PriorityClass } from '@core/priority';
import { clients } from './clients';
import { portals } from './portals';

/**
 * A portal's last estimate computation (issue 20, decision 0017): when it ran (the card's "updated ... ago"), for which
 * day of the business's zone, on which basis, and what the slip reasons need (pace, holidays, the settings' key).
 */
export const portalEstimateState = pgTable('portal_estimate_state', {
  portalId: text('portal_id')
    .primaryKey()
    .references(() => portals.id, { onDelete: 'cascade' }),
  computedFor: date('computed_for', { mode: 'string' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  basis: text('basis').$type<EstimateBasis>().notNull(),
  /** Completions per working day the estimate runs at (history: the learned pace; settings: daily capacity). */
  pace: real('pace').notNull(),
  /** Completions in the throughput window. */
  windowCompletions: integer('window_completions').notNull(),
  holidays: jsonb('holidays').$type<string[]>().notNull(),
  /** The workload settings' formula inputs (compared for equality by the slip reasons). */
  settingsKey: text('settings_key').notNull(),
});

/**
 * Each queued client's current estimate: most likely date (50th percentile), range (10th to 90th), basis, and why it
 * moved later since the client last saw it. `seen_*` is what the client's card showed last (written when a card is
 * looked up and the date differs). Rows are written only when their figures change.
 */
export const clientEstimates = pgTable(
  'client_estimates',
  {
    portalId: text('portal_id').notNull(),
    clientId: text('client_id').notNull(),
    position: integer('position').notNull(),
    priorityClass: text('priority_class').$type<PriorityClass>().notNull(),
    likely: date('likely', { mode: 'string' }).notNull(),
    low: date('low', { mode: 'string' }).notNull(),
    high: date('high', { mode: 'string' }).notNull(),
    basis: text('basis').$type<EstimateBasis>().notNull(),
    /** Why the most likely date is more than a working day later than the one the client last saw; null otherwise. */
    reason: text('reason').$type<SlipReason>(),
    /** Working days it moved later (with the reason). */
    slipDays: integer('slip_days'),
    seenLikely: date('seen_likely', { mode: 'string' }),
    seenPosition: integer('seen_position'),
    seenBasis: text('seen_basis').$type<EstimateBasis>(),
    seenHolidays: jsonb('seen_holidays').$type<string[]>(),
    seenSettingsKey: text('seen_settings_key'),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'client_estimates_pkey', columns: [t.portalId, t.clientId] }),
    foreignKey({ name: 'client_estimates_client_fk', columns: [t.portalId, t.clientId], foreignColumns: [clients.portalId, clients.clientId] })
      .onDelete('cascade')
      .onUpdate('cascade'),
  ],
);

/**
 * What each queued client was shown, once a day (the day's first computation): accuracy is measured against it once
 * the client is done, and the residuals learn from the mornings' queues. Kept when the client is purged.
 */
export const estimateSnapshots = pgTable(
  'estimate_snapshots',
  {
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    shownOn: date('shown_on', { mode: 'string' }).notNull(),
    clientId: text('client_id').notNull(),
    position: integer('position').notNull(),
    priorityClass: text('priority_class').$type<PriorityClass>().notNull(),
    likely: date('likely', { mode: 'string' }).notNull(),
    low: date('low', { mode: 'string' }).notNull(),
    high: date('high', { mode: 'string' }).notNull(),
    basis: text('basis').$type<EstimateBasis>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'estimate_snapshots_pkey', columns: [t.portalId, t.shownOn, t.clientId] }),
    index('estimate_snapshots_client_idx').on(t.portalId, t.clientId, t.shownOn),
  ],
);
