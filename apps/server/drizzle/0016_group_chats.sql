-- Group chats (issue 22): a conversation with two to four characters, in turn order; empty for a
-- chat with one character (character_id) or the AI chat.
ALTER TABLE "conversations" ADD COLUMN "members" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The character who wrote an assistant message of a group chat (null elsewhere: the conversation's).
ALTER TABLE "chat_messages" ADD COLUMN "character_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- "The group chats a character takes part in": members @> ARRAY[id].
CREATE INDEX "conversations_members_idx" ON "conversations" USING gin ("members");--> statement-breakpoint
-- chat_history returns chat_messages rows: defined again over the table as it now is.
CREATE OR REPLACE FUNCTION "chat_history"("conversation" uuid) RETURNS SETOF "chat_messages" LANGUAGE sql STABLE AS $$
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
