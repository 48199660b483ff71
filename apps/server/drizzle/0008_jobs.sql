CREATE TABLE "image_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"index" smallint NOT NULL,
	"user_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"prompt" text NOT NULL,
	"tool" text NOT NULL,
	"preset" text,
	"adult" boolean DEFAULT false NOT NULL,
	"preview" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"lane" smallint NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"progress" real,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"cost" integer NOT NULL,
	"spend_op" uuid,
	"preview" boolean DEFAULT false NOT NULL,
	"worker" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "image_shares" ADD CONSTRAINT "image_shares_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_shares" ADD CONSTRAINT "image_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "image_shares_job_index_idx" ON "image_shares" USING btree ("job_id","index");--> statement-breakpoint
CREATE INDEX "image_shares_tool_created_idx" ON "image_shares" USING btree ("tool","created_at");--> statement-breakpoint
CREATE INDEX "image_shares_created_idx" ON "image_shares" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "jobs_queue_idx" ON "jobs" USING btree ("lane","created_at") WHERE "jobs"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("heartbeat_at") WHERE "jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "jobs_user_kind_created_idx" ON "jobs" USING btree ("user_id","kind","created_at");