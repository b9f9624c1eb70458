ALTER TABLE "portals" ADD COLUMN "source_fingerprint" text;--> statement-breakpoint
-- Room in each page so that the queue columns (not indexed) are updated in place (HOT) when positions shift.
ALTER TABLE "clients" SET (fillfactor = 70);
