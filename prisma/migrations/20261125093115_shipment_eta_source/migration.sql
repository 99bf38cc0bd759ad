-- CreateEnum
CREATE TYPE "EtaSource" AS ENUM ('SENT', 'TRACKING');

-- AlterTable
ALTER TABLE "foreign_trade_shipments" ADD COLUMN     "eta_source" "EtaSource";

-- Shipments written before: an ETA of a shipment that follows a vessel it found came from
-- tracking; any other ETA was sent.
UPDATE "foreign_trade_shipments" SET "eta_source" = CASE
  WHEN "automatic_tracking_enabled" AND "status_response" = 'FOUND' THEN 'TRACKING'::"EtaSource"
  ELSE 'SENT'::"EtaSource" END
WHERE "eta" IS NOT NULL;
