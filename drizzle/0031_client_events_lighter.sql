ALTER TABLE "client_events" DROP CONSTRAINT "client_events_portal_id_portals_id_fk";
--> statement-breakpoint
DROP INDEX "client_events_client_idx";
--> statement-breakpoint
CREATE FUNCTION "client_events_portal_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "client_events" WHERE "portal_id" = OLD."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "client_events_portal_deleted" AFTER DELETE ON "portals" FOR EACH ROW EXECUTE FUNCTION "client_events_portal_deleted"();
