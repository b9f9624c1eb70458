CREATE TABLE "client_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"client_id" text NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"sync_run_id" uuid,
	"actor" text NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_events" ADD CONSTRAINT "client_events_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_events_portal_idx" ON "client_events" USING btree ("portal_id","id");--> statement-breakpoint
CREATE INDEX "client_events_client_idx" ON "client_events" USING btree ("portal_id","client_id","id");--> statement-breakpoint
CREATE INDEX "client_events_occurred_idx" ON "client_events" USING btree ("occurred_at");