CREATE TABLE "portal_logos" (
	"portal_id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"uploaded_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_logos_content_type_check" CHECK ("portal_logos"."content_type" in ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
	CONSTRAINT "portal_logos_size_check" CHECK ("portal_logos"."size" > 0 and "portal_logos"."size" <= 524288)
);
--> statement-breakpoint
ALTER TABLE "portal_logos" ADD CONSTRAINT "portal_logos_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;