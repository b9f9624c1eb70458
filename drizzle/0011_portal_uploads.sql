CREATE TABLE "portal_upload_chunks" (
	"upload_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"portal_id" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_upload_chunks_upload_id_seq_pk" PRIMARY KEY("upload_id","seq")
);
--> statement-breakpoint
CREATE TABLE "portal_uploads" (
	"portal_id" text NOT NULL,
	"slot" text NOT NULL,
	"file_name" text,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"upload_id" uuid NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_id" uuid,
	"uploaded_by_user_id" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_uploads_portal_id_slot_pk" PRIMARY KEY("portal_id","slot"),
	CONSTRAINT "portal_uploads_slot_check" CHECK ("portal_uploads"."slot" in ('applied', 'held'))
);
--> statement-breakpoint
ALTER TABLE "portal_upload_chunks" ADD CONSTRAINT "portal_upload_chunks_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_uploads" ADD CONSTRAINT "portal_uploads_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_upload_chunks_portal_idx" ON "portal_upload_chunks" USING btree ("portal_id");