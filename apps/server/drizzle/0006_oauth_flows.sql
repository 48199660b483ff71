CREATE TABLE "oauth_flows" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"verifier" text NOT NULL,
	"popup" boolean NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
