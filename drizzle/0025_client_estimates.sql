CREATE TABLE "client_estimates" (
	"portal_id" text NOT NULL,
	"client_id" text NOT NULL,
	"position" integer NOT NULL,
	"priority_class" text NOT NULL,
	"likely" date NOT NULL,
	"low" date NOT NULL,
	"high" date NOT NULL,
	"basis" text NOT NULL,
	"reason" text,
	"slip_days" integer,
	"seen_likely" date,
	"seen_position" integer,
	"seen_basis" text,
	"seen_holidays" jsonb,
	"seen_settings_key" text,
	"seen_at" timestamp with time zone,
	CONSTRAINT "client_estimates_pkey" PRIMARY KEY("portal_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "estimate_snapshots" (
	"portal_id" text NOT NULL,
	"shown_on" date NOT NULL,
	"client_id" text NOT NULL,
	"position" integer NOT NULL,
	"priority_class" text NOT NULL,
	"likely" date NOT NULL,
	"low" date NOT NULL,
	"high" date NOT NULL,
	"basis" text NOT NULL,
	CONSTRAINT "estimate_snapshots_pkey" PRIMARY KEY("portal_id","shown_on","client_id")
);
--> statement-breakpoint
CREATE TABLE "portal_estimate_state" (
	"portal_id" text PRIMARY KEY NOT NULL,
	"computed_for" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"basis" text NOT NULL,
	"pace" real NOT NULL,
	"window_completions" integer NOT NULL,
	"holidays" jsonb NOT NULL,
	"settings_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_estimates" ADD CONSTRAINT "client_estimates_client_fk" FOREIGN KEY ("portal_id","client_id") REFERENCES "public"."clients"("portal_id","client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "estimate_snapshots" ADD CONSTRAINT "estimate_snapshots_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_estimate_state" ADD CONSTRAINT "portal_estimate_state_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_snapshots_client_idx" ON "estimate_snapshots" USING btree ("portal_id","client_id","shown_on");