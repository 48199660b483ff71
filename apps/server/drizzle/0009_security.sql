CREATE TABLE "quota_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "quota_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
ALTER TABLE "login_tokens" ADD COLUMN "binding_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_tokens" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_flows" ADD COLUMN "binding_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "network" text;--> statement-breakpoint
CREATE INDEX "quota_counters_expires_idx" ON "quota_counters" USING btree ("expires_at");--> statement-breakpoint
-- Addresses proven by our own email code count as verified; provider addresses are proven again at their next sign-in.
UPDATE "users" SET "email_verified" = true WHERE "id" IN (SELECT "user_id" FROM "identities" WHERE "provider" = 'email');
