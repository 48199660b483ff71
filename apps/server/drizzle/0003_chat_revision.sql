ALTER TABLE "conversations" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every insert, update or delete of a message moves its conversation's revision on, whichever
-- code path made it: a copy of the messages is good exactly while the revision is unchanged.
CREATE FUNCTION "chat_messages_bump_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "conversations" SET "revision" = "revision" + 1
    WHERE "id" = COALESCE(NEW."conversation_id", OLD."conversation_id");
  IF TG_OP = 'UPDATE' AND NEW."conversation_id" <> OLD."conversation_id" THEN
    UPDATE "conversations" SET "revision" = "revision" + 1 WHERE "id" = OLD."conversation_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "chat_messages_revision" AFTER INSERT OR UPDATE OR DELETE ON "chat_messages"
  FOR EACH ROW EXECUTE FUNCTION "chat_messages_bump_revision"();
