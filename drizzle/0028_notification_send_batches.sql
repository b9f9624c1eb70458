ALTER TABLE "notification_messages" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD COLUMN "first_failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notification_messages_due_idx" ON "notification_messages" USING btree ("portal_id","channel","send_after") WHERE "notification_messages"."state" in ('pending', 'held', 'sending');--> statement-breakpoint
-- E-mails are sent by one job per portal and due time (kind notification.send_emails) instead of one job per message:
-- the portals with e-mails waiting get one such job at their earliest, and the per-message jobs still waiting go.
INSERT INTO "jobs" ("kind", "dedupe_key", "payload", "state", "run_at", "created_at")
SELECT 'notification.send_emails', "portal_id" || ':migrated', jsonb_build_object('portalId', "portal_id"), 'queued', min("send_after"), min("created_at")
FROM "notification_messages" WHERE "channel" = 'email' AND "state" in ('pending', 'held', 'sending') GROUP BY "portal_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM "jobs" WHERE "kind" = 'notification.send' AND "state" in ('queued', 'running');
