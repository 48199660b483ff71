ALTER TABLE "characters" ADD COLUMN "lineage" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Clones made before the lineage was kept (issue 21): their chain of sources as they are now,
-- nearest last, at most 20; a source was listed if it is public, approved and not hidden.
WITH RECURSIVE "up"("clone_id", "source_id", "depth") AS (
  SELECT "id", "cloned_from", 1 FROM "characters" WHERE "cloned_from" IS NOT NULL
  UNION ALL
  SELECT "up"."clone_id", "s"."cloned_from", "up"."depth" + 1
  FROM "up" JOIN "characters" "s" ON "s"."id" = "up"."source_id"
  WHERE "s"."cloned_from" IS NOT NULL AND "up"."depth" < 20
), "chains" AS (
  SELECT "up"."clone_id", jsonb_agg(jsonb_build_object(
    'id', "s"."id",
    'name', "s"."name",
    'creator', left(COALESCE(
      NULLIF(btrim(CASE WHEN jsonb_typeof("s"."card_extra" -> 'data' -> 'creator') = 'string'
        THEN "s"."card_extra" -> 'data' ->> 'creator' END), ''),
      CASE WHEN "u"."hidden_at" IS NULL THEN btrim("u"."name") ELSE '' END), 100),
    'listed', ("s"."visibility" = 'public' AND "s"."approval" = 'approved' AND "s"."hidden_at" IS NULL)
  ) ORDER BY "up"."depth" DESC) AS "chain"
  FROM "up"
  JOIN "characters" "s" ON "s"."id" = "up"."source_id"
  JOIN "users" "u" ON "u"."id" = "s"."owner_id"
  GROUP BY "up"."clone_id"
)
UPDATE "characters" SET "lineage" = "chains"."chain" FROM "chains" WHERE "characters"."id" = "chains"."clone_id";
