CREATE TABLE "client_notification_prefs" (
	"portal_id" text NOT NULL,
	"email_normalized" text NOT NULL,
	"email_opt_out" boolean NOT NULL,
	"changed_via" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_notification_prefs_pkey" PRIMARY KEY("portal_id","email_normalized")
);
--> statement-breakpoint
CREATE TABLE "delivery_channels" (
	"channel" text PRIMARY KEY NOT NULL,
	"down_since" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_bounces" (
	"business_id" text NOT NULL,
	"email_normalized" text NOT NULL,
	"reason" text NOT NULL,
	"bounced_at" timestamp with time zone NOT NULL,
	"message_id" uuid,
	CONSTRAINT "email_bounces_pkey" PRIMARY KEY("business_id","email_normalized")
);
--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"portal_id" text NOT NULL,
	"client_id" text NOT NULL,
	"channel" text NOT NULL,
	"purpose" text NOT NULL,
	"state" text NOT NULL,
	"triggers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"send_after" timestamp with time zone NOT NULL,
	"to_address" text,
	"subject" text,
	"content" jsonb,
	"via" text,
	"detail" text,
	"created_by_user_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_notification_settings" (
	"portal_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_access_tokens" ADD COLUMN "token_sealed" text;--> statement-breakpoint
ALTER TABLE "client_notification_prefs" ADD CONSTRAINT "client_notification_prefs_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_bounces" ADD CONSTRAINT "email_bounces_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_notification_settings" ADD CONSTRAINT "portal_notification_settings_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_open_idx" ON "notification_messages" USING btree ("portal_id","client_id","channel") WHERE "notification_messages"."state" in ('pending', 'held');--> statement-breakpoint
CREATE INDEX "notification_messages_client_idx" ON "notification_messages" USING btree ("portal_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_messages_business_sent_idx" ON "notification_messages" USING btree ("business_id","sent_at") WHERE "notification_messages"."state" = 'sent';