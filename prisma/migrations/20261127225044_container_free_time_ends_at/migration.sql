-- AlterTable
ALTER TABLE "containers" ADD COLUMN     "free_time_ends_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "containers_company_id_free_time_ends_at_idx" ON "containers"("company_id", "free_time_ends_at");

-- When each container's demurrage free time ends, stored so that the containers list filters and
-- sorts by it through the index above (docs/processes/foreign_trade_shipment.md, "The containers
-- list"): the container's free-time start, or its shipment's `ata`, plus the shipment's demurrage
-- `free_time` days of 24 hours; null without terms or a start. Whoever writes what it depends on
-- (a process write, tracking setting `ata`), the triggers keep it in the same transaction: a
-- container computes its own when written, and a change of the shipment's `ata` or of its
-- demurrage terms rewrites its containers' values.
CREATE OR REPLACE FUNCTION "container_free_time_ends_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT COALESCE(NEW."demurrage_free_time_start_at", s."ata") + d."free_time" * interval '24 hours'
    INTO NEW."free_time_ends_at"
    FROM "transportables" t
    JOIN "foreign_trade_shipments" s ON s."company_id" = t."company_id" AND s."id" = t."shipment_id"
    LEFT JOIN "demurrages" d ON d."company_id" = s."company_id" AND d."shipment_id" = s."id"
   WHERE t."company_id" = NEW."company_id" AND t."id" = NEW."transportable_id";
  RETURN NEW;
END $$;

CREATE TRIGGER "containers_free_time_ends_at" BEFORE INSERT OR UPDATE ON "containers"
  FOR EACH ROW EXECUTE FUNCTION "container_free_time_ends_at"();

-- The containers of one shipment computed again (their own trigger sets the value).
CREATE OR REPLACE FUNCTION "shipment_containers_free_time"(company integer, shipment integer) RETURNS void LANGUAGE sql AS $$
  UPDATE "containers" c SET "free_time_ends_at" = NULL
    FROM "transportables" t
   WHERE t."company_id" = company AND t."shipment_id" = shipment
     AND c."company_id" = t."company_id" AND c."transportable_id" = t."id";
$$;

CREATE OR REPLACE FUNCTION "shipment_ata_free_time"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "shipment_containers_free_time"(NEW."company_id", NEW."id");
  RETURN NULL;
END $$;

CREATE TRIGGER "foreign_trade_shipments_free_time" AFTER UPDATE OF "ata" ON "foreign_trade_shipments"
  FOR EACH ROW WHEN (OLD."ata" IS DISTINCT FROM NEW."ata") EXECUTE FUNCTION "shipment_ata_free_time"();

-- Terms removed with their shipment leave nothing to compute: the shipment's containers go too.
CREATE OR REPLACE FUNCTION "demurrage_free_time"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."free_time" IS NOT DISTINCT FROM OLD."free_time" AND NEW."shipment_id" = OLD."shipment_id" THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM "foreign_trade_shipments" s WHERE s."company_id" = OLD."company_id" AND s."id" = OLD."shipment_id") THEN
      PERFORM "shipment_containers_free_time"(OLD."company_id", OLD."shipment_id");
    END IF;
    RETURN NULL;
  END IF;
  PERFORM "shipment_containers_free_time"(NEW."company_id", NEW."shipment_id");
  RETURN NULL;
END $$;

CREATE TRIGGER "demurrages_free_time" AFTER INSERT OR UPDATE OR DELETE ON "demurrages"
  FOR EACH ROW EXECUTE FUNCTION "demurrage_free_time"();

-- The containers written before.
UPDATE "containers" SET "free_time_ends_at" = NULL;
