-- CreateTable
CREATE TABLE "events" (
    "company_id" INTEGER NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "id" VARCHAR(28) NOT NULL,
    "type" VARCHAR(64) NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "events_pkey" PRIMARY KEY ("company_id","seq")
);

-- CreateTable
CREATE TABLE "event_changes" (
    "company_id" INTEGER NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "txid" BIGINT NOT NULL,
    "table_name" VARCHAR(63) NOT NULL,
    "row_id" INTEGER NOT NULL,
    "old_row" JSONB,
    "new_row" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_changes_pkey" PRIMARY KEY ("company_id","seq")
);

-- CreateIndex
CREATE INDEX "events_company_id_type_seq_idx" ON "events"("company_id", "type", "seq");

-- CreateIndex
CREATE INDEX "events_company_id_created_at_idx" ON "events"("company_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "events_company_id_id_key" ON "events"("company_id", "id");

-- CreateIndex
CREATE INDEX "event_changes_txid_idx" ON "event_changes"("txid");

-- AddForeignKey
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_changes" ADD CONSTRAINT "event_changes_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (invisible to the Prisma schema; keep when regenerating): the capture of the
-- transactional outbox (docs/decisions/012-events-and-webhooks.md). One statement trigger per
-- table and operation copies the rows the statement changed into event_changes, tagged with
-- the transaction; the write path (graph/events/outbox.ts) turns them into events before it
-- commits. A statement of 100 rows is one insert here, whatever wrote it.
CREATE FUNCTION "capture_event_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "event_changes" ("company_id", "txid", "table_name", "row_id", "new_row")
    SELECT n."company_id", pg_current_xact_id()::text::bigint, TG_TABLE_NAME, n."id", to_jsonb(n) FROM "new_rows" n;
  ELSE
    INSERT INTO "event_changes" ("company_id", "txid", "table_name", "row_id", "old_row", "new_row")
    SELECT n."company_id", pg_current_xact_id()::text::bigint, TG_TABLE_NAME, n."id", to_jsonb(o), to_jsonb(n)
    FROM "new_rows" n JOIN "old_rows" o ON o."company_id" = n."company_id" AND o."id" = n."id";
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['orders', 'processes', 'products', 'process_documents', 'foreign_trade_shipments', 'container_events',
                           'import_declarations', 'duimps', 'import_licenses', 'export_declarations'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION capture_event_changes()', t || '_capture_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION capture_event_changes()', t || '_capture_update', t);
  END LOOP;
END $$;
