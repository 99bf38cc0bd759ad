-- DropIndex
DROP INDEX "event_changes_txid_idx";

-- AlterTable
ALTER TABLE "event_changes" DROP COLUMN "new_row";

-- CreateIndex
CREATE INDEX "event_changes_txid_table_name_row_id_idx" ON "event_changes"("txid", "table_name", "row_id");

-- Each row a transaction changes is captured once, as it was before the transaction (null
-- for a row it inserted); its last version is read from its table when the write path takes
-- the captured rows out (graph/events/outbox.ts). A row changed by several statements (a
-- root locked by touching it, then updated) is no longer copied as JSON by each of them.
CREATE OR REPLACE FUNCTION "capture_event_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE xid bigint := pg_current_xact_id()::text::bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "event_changes" ("company_id", "txid", "table_name", "row_id", "old_row")
    SELECT n."company_id", xid, TG_TABLE_NAME, n."id", NULL FROM "new_rows" n;
  ELSE
    INSERT INTO "event_changes" ("company_id", "txid", "table_name", "row_id", "old_row")
    SELECT o."company_id", xid, TG_TABLE_NAME, o."id", to_jsonb(o) FROM "old_rows" o
    WHERE NOT EXISTS (
      SELECT 1 FROM "event_changes" c
      WHERE c."txid" = xid AND c."table_name" = TG_TABLE_NAME AND c."row_id" = o."id" AND c."company_id" = o."company_id"
    );
  END IF;
  RETURN NULL;
END $$;
