CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "app_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character_browses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"character_id" bigint NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character_ratings" (
	"character_id" bigint NOT NULL,
	"user_id" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "character_ratings_character_id_user_id_pk" PRIMARY KEY("character_id","user_id"),
	CONSTRAINT "character_ratings_stars_check" CHECK ("character_ratings"."stars" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "character_tags" (
	"character_id" bigint NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "character_tags_character_id_tag_id_pk" PRIMARY KEY("character_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "characters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"personality" text DEFAULT '' NOT NULL,
	"first_message" text NOT NULL,
	"alternate_greetings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scenario" text DEFAULT '' NOT NULL,
	"example_dialogue" text DEFAULT '' NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"post_history_instructions" text DEFAULT '' NOT NULL,
	"creator_notes" text DEFAULT '' NOT NULL,
	"chat_style" text NOT NULL,
	"model" text NOT NULL,
	"category" text NOT NULL,
	"gender" text NOT NULL,
	"nsfw" boolean DEFAULT false NOT NULL,
	"visibility" text NOT NULL,
	"approval" text NOT NULL,
	"head_key" text NOT NULL,
	"list_head_key" text NOT NULL,
	"tag_line" text DEFAULT '' NOT NULL,
	"card_extra" jsonb DEFAULT '{"data":{},"top":{}}'::jsonb NOT NULL,
	"cloned_from" bigint,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_avg" real DEFAULT 0 NOT NULL,
	"comment_num" integer DEFAULT 0 NOT NULL,
	"hot_key" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(tag_line, '')), 'B') || setweight(to_tsvector('simple', coalesce(description, '')), 'C')) STORED,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"character_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "character_browses" ADD CONSTRAINT "character_browses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_browses" ADD CONSTRAINT "character_browses_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_ratings" ADD CONSTRAINT "character_ratings_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_ratings" ADD CONSTRAINT "character_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_tags" ADD CONSTRAINT "character_tags_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_tags" ADD CONSTRAINT "character_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collects" ADD CONSTRAINT "collects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collects" ADD CONSTRAINT "collects_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "character_browses_user_character_idx" ON "character_browses" USING btree ("user_id","character_id");--> statement-breakpoint
CREATE INDEX "character_browses_user_last_idx" ON "character_browses" USING btree ("user_id","last_at");--> statement-breakpoint
CREATE INDEX "character_tags_tag_idx" ON "character_tags" USING btree ("tag_id","character_id");--> statement-breakpoint
CREATE INDEX "characters_owner_idx" ON "characters" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "characters_hot_idx" ON "characters" USING btree ("hot_key","id") WHERE deleted_at IS NULL AND visibility = 'public' AND approval = 'approved';--> statement-breakpoint
CREATE INDEX "characters_rating_idx" ON "characters" USING btree ("rating_avg" DESC NULLS FIRST,"rating_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL AND visibility = 'public' AND approval = 'approved';--> statement-breakpoint
CREATE INDEX "characters_new_idx" ON "characters" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at IS NULL AND visibility = 'public' AND approval = 'approved';--> statement-breakpoint
CREATE INDEX "characters_pending_idx" ON "characters" USING btree ("created_at") WHERE deleted_at IS NULL AND approval = 'pending';--> statement-breakpoint
CREATE INDEX "characters_search_idx" ON "characters" USING gin ("search");--> statement-breakpoint
CREATE INDEX "characters_name_trgm_idx" ON "characters" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "collects_user_character_idx" ON "collects" USING btree ("user_id","character_id");--> statement-breakpoint
CREATE INDEX "collects_user_created_idx" ON "collects" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_idx" ON "tags" USING btree (lower("name"));