ALTER TABLE "portal_lookup_daily" ADD COLUMN "rate_limited" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_lookup_daily" ADD COLUMN "invalid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 17 item 3: a month's plan count keeps only lookups that showed a card; the misses counted in it so far go.
UPDATE "business_lookup_monthly" m SET "lookups" = greatest(0, m."lookups" - coalesce((
  SELECT sum(d."misses") FROM "portal_lookup_daily" d
  WHERE d."business_id" = m."business_id" AND to_char(d."day", 'YYYY-MM') = m."month"), 0));
