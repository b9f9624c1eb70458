import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { portals } from './portals';

export type SyncTrigger = 'manual' | 'schedule' | 'upload' | 'setup';
export type SyncRunStatus = 'running' | 'ok' | 'failed' | 'needs_confirmation';

/** A skipped sheet row and why. */
/** A table of rows a run staged (embedded database), applied in steps once the run commits. */
export interface StagedTable {
  kind: 'removals' | 'inserts' | 'updates' | 'queue' | 'history' | 'events';
  table: string;
  rows: number;
}

/**
 * A large run's apply on the embedded database (decision 0022): its rows are staged in tables, then, past the
 * commit point (`committed`), applied in short transactions from `next` on. A committed apply is always finished
 * (by its run, or by whoever finds the run interrupted); an uncommitted one is dropped.
 */
export interface StagedApply {
  tables: StagedTable[];
  committed: boolean;
  /** The first row not yet applied: table index, rows of that table applied. */
  next: { table: number; row: number };
  /** Written to portals.queue_computed_for when finished (if the settings are still `settings`); null: left stale. */
  queueDay: string | null;
  settings: unknown;
  /** The run's rows written in all (its report's progress total). */
  total: number;
  /** Clean-ups that tried to finish it and failed (given up at 3: the run is failed, a re-sync heals). */
  attempts?: number;
}

export interface SkippedRow {
  row: number;
  reason: string;
}

/** One sync or import of a portal: what it read and did, or why it changed nothing. */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: text('portal_id')
      .notNull()
      .references(() => portals.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<SyncTrigger>().notNull(),
    status: text('status').$type<SyncRunStatus>().notNull().default('running'),
    /** Where the data came from: 'google_sheet' or 'csv_upload'. */
    sourceType: text('source_type').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Progress while running: 'fetching' | 'reading' | 'checking' | 'writing' | 'committing' | 'done'. */
    phase: text('phase').notNull().default('fetching'),
    rowsProcessed: integer('rows_processed').notNull().default(0),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    removed: integer('removed').notNull().default(0),
    restored: integer('restored').notNull().default(0),
    /** Skipped rows with reasons (the first 1000; `skipped` has the full count). */
    skippedRows: jsonb('skipped_rows').$type<SkippedRow[]>().notNull().default([]),
    /** Sheet problems that did not stop the sync: duplicate or blank headers, ragged rows, unreadable dates. */
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    /**
     * The run writes a first import in steps (the embedded database, a portal with no clients yet): until it
     * finishes its clients are visible as they are written, and if it fails or is interrupted they are deleted.
     */
    insertsInSteps: boolean('inserts_in_steps').notNull().default(false),
    /** The run's staged rows and how far their apply has gone (embedded database, large changes); null otherwise. */
    stagedApply: jsonb('staged_apply').$type<StagedApply>(),
    errorMessage: text('error_message'),
    actorUserId: text('actor_user_id'),
  },
  (t) => [index('sync_runs_portal_started_idx').on(t.portalId, t.startedAt)],
);
