-- AlterTable
ALTER TABLE "foreign_trade_shipments" ADD COLUMN     "eta_changed_at" TIMESTAMPTZ(3);

-- Shipments written before: their ETA last changed no later than their process did.
UPDATE "foreign_trade_shipments" AS s SET "eta_changed_at" = p."updated_at"
FROM "processes" AS p
WHERE p."company_id" = s."company_id" AND p."id" = s."process_id" AND s."eta" IS NOT NULL;

-- `eta_changed_at` follows `eta` whoever writes it: a process write, tracking, an import.
-- Set here rather than by each writer, so none can forget it; a client cannot set it.
CREATE FUNCTION "shipment_eta_changed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW."eta_changed_at" := CASE WHEN NEW."eta" IS NULL THEN NULL ELSE now() END;
  ELSIF NEW."eta" IS DISTINCT FROM OLD."eta" THEN
    NEW."eta_changed_at" := now();
  ELSE
    NEW."eta_changed_at" := OLD."eta_changed_at";
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "foreign_trade_shipments_eta_changed_at" BEFORE INSERT OR UPDATE ON "foreign_trade_shipments"
  FOR EACH ROW EXECUTE FUNCTION "shipment_eta_changed_at"();
