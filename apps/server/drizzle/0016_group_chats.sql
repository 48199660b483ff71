-- Group chats (issue 22): a conversation with two to four characters, in turn order; empty for a
-- chat with one character (character_id) or the AI chat.
ALTER TABLE "conversations" ADD COLUMN "members" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- The character who wrote an assistant message of a group chat (null elsewhere: the conversation's).
ALTER TABLE "chat_messages" ADD COLUMN "character_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_character_id_characters_id_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- "The group chats a character takes part in": members @> ARRAY[id].
CREATE INDEX "conversations_members_idx" ON "conversations" USING gin ("members");
