ALTER TABLE "business_profiles" ADD COLUMN "cancel_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD COLUMN "scheduled_plan" text;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD COLUMN "scheduled_period" text;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD COLUMN "stripe_schedule_id" text;