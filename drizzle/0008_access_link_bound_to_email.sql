-- An access link names the e-mail it was made for (schema/client-access-tokens.ts): existing links take their
-- client's current e-mail, so they keep working until that e-mail changes.
ALTER TABLE "client_access_tokens" ADD COLUMN "email_normalized" text;--> statement-breakpoint
UPDATE "client_access_tokens" AS t SET "email_normalized" = c."email_normalized"
FROM "clients" AS c WHERE c."portal_id" = t."portal_id" AND c."client_id" = t."client_id";--> statement-breakpoint
ALTER TABLE "client_access_tokens" ALTER COLUMN "email_normalized" SET NOT NULL;
