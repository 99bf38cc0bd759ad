-- AlterTable
ALTER TABLE "event_changes" ADD COLUMN     "resource_id" INTEGER,
ADD COLUMN     "resource_table" VARCHAR(63);

-- AlterTable
ALTER TABLE "events" DROP COLUMN "pending";

-- Every delivery is made with its body from now on (graph/events/relay.ts). Deliveries still
-- waiting for an event rendered after its commit could no longer get it.
DELETE FROM "webhook_deliveries" WHERE "body" IS NULL;

-- AlterTable
ALTER TABLE "webhook_deliveries" ALTER COLUMN "body" SET NOT NULL;

-- CreateIndex
CREATE INDEX "event_changes_company_id_resource_table_resource_id_idx" ON "event_changes"("company_id", "resource_table", "resource_id");

-- Hand-written (invisible to the Prisma schema; keep when regenerating): the captured rows
-- are the outbox (docs/decisions/012-events-and-webhooks.md). Each row says the resource
-- whose events it makes when the row itself says which (trigger arguments: the resource's
-- table, and the column holding its id), so a transaction can find, in one indexed
-- statement, another committed transaction's rows of the same resource not yet relayed
-- (graph/events/outbox.ts). Rows below a process that do not name it (container events,
-- customs records) are written under the process's lock, which touches and captures it.
CREATE OR REPLACE FUNCTION "capture_event_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  xid bigint := pg_current_xact_id()::text::bigint;
  rtable text := TG_ARGV[0];
  by_process boolean := TG_ARGV[1] = 'process_id';
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF by_process THEN
      INSERT INTO "event_changes" ("company_id", "txid", "table_name", "row_id", "old_row", "resource_table", "resource_id")
      SELECT n."company_id", xid, TG_TABLE_NAME, n."id", NULL, rtable, n."process_id" FROM "new_rows" n;
    ELSE
      INSERT INTO "event_changes" ("company_id", "txid", "table_name", "row_id", "old_row", "resource_table", "resource_id")
      SELECT n."company_id", xid, TG_TABLE_NAME, n."id", NULL, rtable, CASE WHEN rtable IS NOT NULL THEN n."id" END FROM "new_rows" n;
    END IF;
  ELSIF by_process THEN
    INSERT INTO "event_changes" ("company_id", "txid", "table_name", "row_id", "old_row", "resource_table", "resource_id")
    SELECT o."company_id", xid, TG_TABLE_NAME, o."id", to_jsonb(o), rtable, o."process_id" FROM "old_rows" o
    WHERE NOT EXISTS (
      SELECT 1 FROM "event_changes" c
      WHERE c."txid" = xid AND c."table_name" = TG_TABLE_NAME AND c."row_id" = o."id" AND c."company_id" = o."company_id"
    );
  ELSE
    INSERT INTO "event_changes" ("company_id", "txid", "table_name", "row_id", "old_row", "resource_table", "resource_id")
    SELECT o."company_id", xid, TG_TABLE_NAME, o."id", to_jsonb(o), rtable, CASE WHEN rtable IS NOT NULL THEN o."id" END FROM "old_rows" o
    WHERE NOT EXISTS (
      SELECT 1 FROM "event_changes" c
      WHERE c."txid" = xid AND c."table_name" = TG_TABLE_NAME AND c."row_id" = o."id" AND c."company_id" = o."company_id"
    );
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t text;
  args text;
BEGIN
  FOREACH t IN ARRAY ARRAY['orders', 'processes', 'products', 'process_documents', 'foreign_trade_shipments', 'container_events',
                           'import_declarations', 'duimps', 'import_licenses', 'export_declarations'] LOOP
    args := CASE
      WHEN t IN ('orders', 'processes', 'products') THEN format('%L, %L', t, 'id')
      WHEN t IN ('process_documents', 'foreign_trade_shipments') THEN format('%L, %L', 'processes', 'process_id')
      ELSE '' END;
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_capture_insert', t);
    EXECUTE format('DROP TRIGGER %I ON %I', t || '_capture_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION capture_event_changes(%s)', t || '_capture_insert', t, args);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION capture_event_changes(%s)', t || '_capture_update', t, args);
  END LOOP;
END $$;
