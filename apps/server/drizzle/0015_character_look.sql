CREATE TABLE "chat_pictures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"character_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"job_id" uuid NOT NULL,
	"scene" text NOT NULL,
	"reference" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "appearance" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "reference_key" text;--> statement-breakpoint
ALTER TABLE "image_shares" ADD COLUMN "character_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_pictures" ADD CONSTRAINT "chat_pictures_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pictures" ADD CONSTRAINT "chat_pictures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pictures" ADD CONSTRAINT "chat_pictures_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pictures" ADD CONSTRAINT "chat_pictures_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_pictures_conversation_idx" ON "chat_pictures" USING btree ("conversation_id","seq");--> statement-breakpoint
ALTER TABLE "image_shares" ADD CONSTRAINT "image_shares_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_shares_character_created_idx" ON "image_shares" USING btree ("character_id","created_at") WHERE character_id IS NOT NULL;