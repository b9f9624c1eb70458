CREATE TABLE "client_sms_consents" (
	"portal_id" text NOT NULL,
	"phone" text NOT NULL,
	"consented" boolean NOT NULL,
	"changed_via" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"recorded_by_user_id" text,
	CONSTRAINT "client_sms_consents_pkey" PRIMARY KEY("portal_id","phone")
);
--> statement-breakpoint
ALTER TABLE "notification_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "client_sms_consents" ADD CONSTRAINT "client_sms_consents_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_sms_consents_phone_idx" ON "client_sms_consents" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_provider_idx" ON "notification_messages" USING btree ("provider_message_id") WHERE "notification_messages"."provider_message_id" is not null;