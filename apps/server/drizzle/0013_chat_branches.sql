DROP INDEX "chat_messages_conversation_idx";--> statement-breakpoint
DROP INDEX "conversations_user_character_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "memory_auto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "fork_seq" bigint;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_parent_id_conversations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_parent_idx" ON "conversations" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "conversations_user_character_idx" ON "conversations" USING btree ("user_id","character_id","active_at");--> statement-breakpoint
-- Every message so far is in its own conversation, at its own place.
UPDATE "chat_messages" SET "seq" = "id";--> statement-breakpoint
-- The current chat stays the latest started one.
UPDATE "conversations" SET "active_at" = "created_at";--> statement-breakpoint
-- A message inserted without a place (seq 0) takes its own id: new messages come last. A copy
-- into a branch gives the original's place.
CREATE FUNCTION "chat_messages_default_seq"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."seq" = 0 THEN
    NEW."seq" := NEW."id";
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_seq" BEFORE INSERT ON "chat_messages"
  FOR EACH ROW EXECUTE FUNCTION "chat_messages_default_seq"();
--> statement-breakpoint
-- A conversation's history: its own messages, then each ancestor's up to the fork point below
-- it (a branch shares its parent's messages without a copy). Order by "seq".
CREATE FUNCTION "chat_history"("conversation" uuid) RETURNS SETOF "chat_messages" LANGUAGE sql STABLE AS $$
  WITH RECURSIVE "chain"("id", "parent_id", "fork_seq", "upto", "depth") AS (
    SELECT "id", "parent_id", "fork_seq", NULL::bigint, 0 FROM "conversations" WHERE "id" = "conversation"
    UNION ALL
    SELECT p."id", p."parent_id", p."fork_seq", c."fork_seq", c."depth" + 1
      FROM "conversations" p JOIN "chain" c ON p."id" = c."parent_id"
      WHERE c."depth" < 64
  )
  SELECT m.* FROM "chain" JOIN "chat_messages" m
    ON m."conversation_id" = "chain"."id" AND ("chain"."upto" IS NULL OR m."seq" <= "chain"."upto")
$$;
