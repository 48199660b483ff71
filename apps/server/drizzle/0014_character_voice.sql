ALTER TABLE "characters" ADD COLUMN "voice_id" text;--> statement-breakpoint
CREATE INDEX "jobs_speech_cache_idx" ON "jobs" USING btree ("user_id",("input"->>'cache')) WHERE "jobs"."input" ? 'cache';
