CREATE TABLE "portals" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"source_type" text DEFAULT 'none' NOT NULL,
	"setup_method" text,
	"sheet_id" text,
	"sheet_url" text,
	"sheet_gid" text,
	"column_mapping" jsonb,
	"detected_headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confidence" integer,
	"date_order" text DEFAULT 'mdy' NOT NULL,
	"sync_interval_minutes" integer DEFAULT 15 NOT NULL,
	"next_sync_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"queue_computed_for" date,
	"sync_lease_owner" text,
	"sync_lease_expires_at" timestamp with time zone,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"workload_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"portal_id" text NOT NULL,
	"client_id" text NOT NULL,
	"row" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_normalized" text NOT NULL,
	"name_normalized" text NOT NULL,
	"status" text NOT NULL,
	"priority" text DEFAULT '' NOT NULL,
	"due_date_text" text DEFAULT '' NOT NULL,
	"due_date" date,
	"notes" text DEFAULT '' NOT NULL,
	"raw" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"removed_at" timestamp with time zone,
	"manual_position" integer,
	"queue_state" text,
	"queue_position" integer,
	"estimated_working_days" integer,
	"estimated_completion" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_pkey" PRIMARY KEY("portal_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "client_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"client_id" text NOT NULL,
	"old_status" text,
	"new_status" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_run_id" uuid
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portal_id" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"source_type" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"phase" text DEFAULT 'fetching' NOT NULL,
	"rows_processed" integer DEFAULT 0 NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"restored" integer DEFAULT 0 NOT NULL,
	"skipped_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_message" text,
	"actor_user_id" text
);
--> statement-breakpoint
ALTER TABLE "portals" ADD CONSTRAINT "portals_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_status_history" ADD CONSTRAINT "client_status_history_client_fk" FOREIGN KEY ("portal_id","client_id") REFERENCES "public"."clients"("portal_id","client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portals_business_id_idx" ON "portals" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "portals_next_sync_at_idx" ON "portals" USING btree ("next_sync_at") WHERE "portals"."source_type" = 'google_sheet';--> statement-breakpoint
CREATE INDEX "clients_portal_email_idx" ON "clients" USING btree ("portal_id","email_normalized");--> statement-breakpoint
CREATE INDEX "clients_portal_name_idx" ON "clients" USING btree ("portal_id","name_normalized");--> statement-breakpoint
CREATE INDEX "clients_portal_row_idx" ON "clients" USING btree ("portal_id","row");--> statement-breakpoint
CREATE INDEX "clients_removed_at_idx" ON "clients" USING btree ("removed_at") WHERE "clients"."removed_at" is not null;--> statement-breakpoint
CREATE INDEX "client_status_history_client_idx" ON "client_status_history" USING btree ("portal_id","client_id","changed_at");--> statement-breakpoint
CREATE INDEX "sync_runs_portal_started_idx" ON "sync_runs" USING btree ("portal_id","started_at");
