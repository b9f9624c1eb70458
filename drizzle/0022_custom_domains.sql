CREATE TABLE "custom_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"portal_id" text NOT NULL,
	"business_id" text NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"served_until" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"problems" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_portal_idx" ON "custom_domains" USING btree ("portal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_proven_name_idx" ON "custom_domains" USING btree ("name") WHERE "custom_domains"."status" <> 'pending';--> statement-breakpoint
CREATE INDEX "custom_domains_name_idx" ON "custom_domains" USING btree ("name");--> statement-breakpoint
CREATE INDEX "custom_domains_business_idx" ON "custom_domains" USING btree ("business_id");