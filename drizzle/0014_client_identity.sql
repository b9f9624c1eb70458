ALTER TABLE "client_status_history" DROP CONSTRAINT "client_status_history_client_fk";
--> statement-breakpoint
ALTER TABLE "client_access_tokens" DROP CONSTRAINT "client_access_tokens_client_fk";
--> statement-breakpoint
ALTER TABLE "portal_verification_codes" DROP CONSTRAINT "portal_verification_codes_client_fk";
--> statement-breakpoint
ALTER TABLE "client_updates" DROP CONSTRAINT "client_updates_client_fk";
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "client_status_history" ADD CONSTRAINT "client_status_history_client_fk" FOREIGN KEY ("portal_id","client_id") REFERENCES "public"."clients"("portal_id","client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "client_access_tokens" ADD CONSTRAINT "client_access_tokens_client_fk" FOREIGN KEY ("portal_id","client_id") REFERENCES "public"."clients"("portal_id","client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "portal_verification_codes" ADD CONSTRAINT "portal_verification_codes_client_fk" FOREIGN KEY ("portal_id","client_id") REFERENCES "public"."clients"("portal_id","client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "client_updates" ADD CONSTRAINT "client_updates_client_fk" FOREIGN KEY ("portal_id","client_id") REFERENCES "public"."clients"("portal_id","client_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- D9, hand-written: clients are never keyed by row number. A client of a portal with an id column keeps its key and
-- records its id cell (source_id). A client keyed client_{row} (no id column, or a blank id cell) gets an opaque key
-- in place, once; ON UPDATE CASCADE moves its access tokens, history, updates and codes with it, and its events
-- follow below. From the next sync on it is matched by its e-mail (core/sync/identity.ts). Decision 0010 says why
-- this is a migration rather than a re-key at the first sync.
UPDATE "clients" c SET "source_id" = c."client_id"
  FROM "portals" p
  WHERE p."id" = c."portal_id" AND p."column_mapping" ->> 'id' IS NOT NULL AND c."client_id" <> 'client_' || c."row";
--> statement-breakpoint
CREATE TABLE "client_rekey_d9" AS
  SELECT "portal_id", "client_id" AS "old_id", 'c_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16) AS "new_id"
  FROM "clients" WHERE "source_id" IS NULL AND "client_id" = 'client_' || "row";
--> statement-breakpoint
UPDATE "client_events" e SET "client_id" = k."new_id" FROM "client_rekey_d9" k
  WHERE e."portal_id" = k."portal_id" AND e."client_id" = k."old_id";
--> statement-breakpoint
UPDATE "clients" c SET "client_id" = k."new_id" FROM "client_rekey_d9" k
  WHERE c."portal_id" = k."portal_id" AND c."client_id" = k."old_id";
--> statement-breakpoint
DROP TABLE "client_rekey_d9";
