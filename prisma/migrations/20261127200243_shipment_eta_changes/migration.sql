-- AlterTable
ALTER TABLE "foreign_trade_shipments" ADD COLUMN     "inserted_transaction_id" BIGINT;

-- CreateTable
CREATE TABLE "shipment_eta_changes" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "shipment_id" INTEGER NOT NULL,
    "process_id" INTEGER NOT NULL,
    "previous_eta" TIMESTAMPTZ(3),
    "new_eta" TIMESTAMPTZ(3),
    "source" "EtaSource",
    "move_minutes" INTEGER,
    "move_size_minutes" INTEGER,
    "changed_at" TIMESTAMPTZ(3) NOT NULL,
    "replaced_changed_at" TIMESTAMPTZ(3),
    "transaction_id" BIGINT NOT NULL,

    CONSTRAINT "shipment_eta_changes_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateIndex
CREATE INDEX "shipment_eta_changes_company_id_shipment_id_transaction_id_idx" ON "shipment_eta_changes"("company_id", "shipment_id", "transaction_id");

-- CreateIndex
CREATE INDEX "shipment_eta_changes_company_id_changed_at_idx" ON "shipment_eta_changes"("company_id", "changed_at");

-- CreateIndex
CREATE INDEX "shipment_eta_changes_company_id_process_id_changed_at_idx" ON "shipment_eta_changes"("company_id", "process_id", "changed_at");

-- AddForeignKey
ALTER TABLE "shipment_eta_changes" ADD CONSTRAINT "shipment_eta_changes_company_id_shipment_id_fkey" FOREIGN KEY ("company_id", "shipment_id") REFERENCES "foreign_trade_shipments"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "shipment_eta_changes" ADD CONSTRAINT "shipment_eta_changes_company_id_process_id_fkey" FOREIGN KEY ("company_id", "process_id") REFERENCES "processes"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
-- The ETA's history and `eta_changed_at`, whoever writes the ETA (a process write, a carrier
-- lookup or push, an AIS voyage), in the transaction that writes it (docs/tracking.md, "ETA history").
-- A shipment created with an ETA has not changed it, nor has the transaction that created it
-- (a process write creates the shipment, then tracking sets its ETA): `eta_changed_at` stays
-- null until a later transaction changes the ETA. A write that sends the same ETA changes nothing.
-- Writes of one transaction make one change (a process write may send an ETA that tracking
-- then replaces): the transaction's row is updated, and removed when the ETA ends where it began.
-- Concurrent writers of one shipment wait on its row lock and each sees the ETA the previous
-- one left, so each real change is one row.
CREATE OR REPLACE FUNCTION "shipment_eta_changed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx bigint := txid_current();
  earlier "shipment_eta_changes"%ROWTYPE;
  merged boolean;
  base timestamptz;
  moved integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW."eta_changed_at" := NULL;
    NEW."inserted_transaction_id" := tx;
    RETURN NEW;
  END IF;
  NEW."inserted_transaction_id" := OLD."inserted_transaction_id";
  IF OLD."inserted_transaction_id" = tx OR NEW."eta" IS NOT DISTINCT FROM OLD."eta" AND NEW."eta_source" IS NOT DISTINCT FROM OLD."eta_source" THEN
    NEW."eta_changed_at" := OLD."eta_changed_at";
    RETURN NEW;
  END IF;
  SELECT * INTO earlier FROM "shipment_eta_changes"
    WHERE "company_id" = NEW."company_id" AND "shipment_id" = NEW."id" AND "transaction_id" = tx;
  merged := FOUND;
  IF NEW."eta" IS NOT DISTINCT FROM OLD."eta" THEN
    NEW."eta_changed_at" := OLD."eta_changed_at";
    -- The source may follow the ETA in a later statement of the transaction.
    IF merged AND NEW."eta_source" IS DISTINCT FROM OLD."eta_source" THEN
      UPDATE "shipment_eta_changes" SET "source" = NEW."eta_source" WHERE "company_id" = earlier."company_id" AND "id" = earlier."id";
    END IF;
    RETURN NEW;
  END IF;
  IF merged AND earlier."previous_eta" IS NOT DISTINCT FROM NEW."eta" THEN
    DELETE FROM "shipment_eta_changes" WHERE "company_id" = earlier."company_id" AND "id" = earlier."id";
    NEW."eta_changed_at" := earlier."replaced_changed_at";
    RETURN NEW;
  END IF;
  NEW."eta_changed_at" := now();
  base := CASE WHEN merged THEN earlier."previous_eta" ELSE OLD."eta" END;
  moved := CASE WHEN NEW."eta" IS NULL OR base IS NULL THEN NULL
    ELSE LEAST(GREATEST(round(extract(epoch FROM NEW."eta" - base) / 60), -2147483647), 2147483647)::integer END;
  IF merged THEN
    UPDATE "shipment_eta_changes" SET "new_eta" = NEW."eta", "source" = NEW."eta_source", "move_minutes" = moved, "move_size_minutes" = abs(moved)
      WHERE "company_id" = earlier."company_id" AND "id" = earlier."id";
  ELSE
    INSERT INTO "shipment_eta_changes" ("company_id", "shipment_id", "process_id", "previous_eta", "new_eta", "source", "move_minutes", "move_size_minutes", "changed_at", "replaced_changed_at", "transaction_id")
      VALUES (NEW."company_id", NEW."id", NEW."process_id", OLD."eta", NEW."eta", NEW."eta_source", moved, abs(moved), now(), OLD."eta_changed_at", tx);
  END IF;
  RETURN NEW;
END $$;
