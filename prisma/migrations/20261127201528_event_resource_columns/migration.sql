-- AlterTable
ALTER TABLE "events" ADD COLUMN     "resource_id" INTEGER,
ADD COLUMN     "resource_reference_code" TEXT;

-- Events written before: the resource's id and code from their payload's `data` (docs/webhooks.md, "Typed fields").
UPDATE "events" SET
  "resource_id" = CASE WHEN jsonb_typeof("payload"->'data'->'id') = 'number' THEN ("payload"->'data'->>'id')::integer END,
  "resource_reference_code" = CASE
    WHEN "type" LIKE 'document.%' THEN NULL
    WHEN "type" LIKE 'product.%' THEN "payload"->'data'->>'code'
    ELSE "payload"->'data'->>'reference_code' END;
