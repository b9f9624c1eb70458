CREATE TABLE "client_access_tokens" (
	"portal_id" text NOT NULL,
	"client_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" text,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "client_access_tokens_pkey" PRIMARY KEY("portal_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "portal_verification_codes" (
	"portal_id" text NOT NULL,
	"client_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_verification_codes_pkey" PRIMARY KEY("portal_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "business_lookup_monthly" (
	"business_id" text NOT NULL,
	"month" text NOT NULL,
	"lookups" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_lookup_monthly_pkey" PRIMARY KEY("business_id","month")
);
--> statement-breakpoint
CREATE TABLE "portal_lookup_daily" (
	"business_id" text NOT NULL,
	"portal_id" text NOT NULL,
	"day" date NOT NULL,
	"lookups" integer DEFAULT 0 NOT NULL,
	"misses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "portal_lookup_daily_pkey" PRIMARY KEY("portal_id","day")
);
--> statement-breakpoint
CREATE TABLE "usage_warnings" (
	"business_id" text NOT NULL,
	"month" text NOT NULL,
	"level" text NOT NULL,
	"used" integer NOT NULL,
	"limit" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_warnings_pkey" PRIMARY KEY("business_id","month","level")
);
--> statement-breakpoint
CREATE TABLE "client_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portal_id" text NOT NULL,
	"client_id" text NOT NULL,
	"business_id" text NOT NULL,
	"message" text NOT NULL,
	"via" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"read_by_user_id" text
);
--> statement-breakpoint
ALTER TABLE "client_access_tokens" ADD CONSTRAINT "client_access_tokens_client_fk" FOREIGN KEY ("portal_id","client_id") REFERENCES "public"."clients"("portal_id","client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_verification_codes" ADD CONSTRAINT "portal_verification_codes_client_fk" FOREIGN KEY ("portal_id","client_id") REFERENCES "public"."clients"("portal_id","client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_lookup_monthly" ADD CONSTRAINT "business_lookup_monthly_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_lookup_daily" ADD CONSTRAINT "portal_lookup_daily_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_warnings" ADD CONSTRAINT "usage_warnings_business_id_business_profiles_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_updates" ADD CONSTRAINT "client_updates_client_fk" FOREIGN KEY ("portal_id","client_id") REFERENCES "public"."clients"("portal_id","client_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_access_tokens_hash_idx" ON "client_access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_lookup_daily_business_idx" ON "portal_lookup_daily" USING btree ("business_id","day");--> statement-breakpoint
CREATE INDEX "client_updates_client_idx" ON "client_updates" USING btree ("portal_id","client_id","created_at");--> statement-breakpoint
CREATE INDEX "client_updates_business_idx" ON "client_updates" USING btree ("business_id","created_at");