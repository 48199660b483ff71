-- The id of the request that made a job (X-Request-Id or the server's own), so the worker's logs
-- of the job carry the same reqId as the request's (docs/deploy.md 'Metrics and health').
ALTER TABLE "jobs" ADD COLUMN "request_id" text;
