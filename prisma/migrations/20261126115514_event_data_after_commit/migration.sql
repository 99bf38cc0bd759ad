-- AlterTable
ALTER TABLE "events" ADD COLUMN     "pending" JSONB;

-- AlterTable
ALTER TABLE "webhook_deliveries" ALTER COLUMN "body" DROP NOT NULL;

-- Events still waiting for their `data`, by the resource they are about: a write of that
-- resource waits for them (graph/events/outbox.ts), and workers find those a process that
-- died left behind (graph/events/complete.ts). Nearly every event has `pending` null, so
-- the index stays small.
CREATE INDEX "events_pending_idx" ON "events" ("company_id", ("pending"->>'kind'), (("pending"->>'id')::int)) WHERE "pending" IS NOT NULL;
