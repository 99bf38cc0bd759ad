-- CreateEnum
CREATE TYPE "CarrierProtocol" AS ENUM ('DCSA_TNT_2');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "EtaSource" ADD VALUE 'CARRIER_ESTIMATED';
ALTER TYPE "EtaSource" ADD VALUE 'CARRIER_ACTUAL';

-- AlterTable
ALTER TABLE "container_events" ADD COLUMN     "carrier_event_id" VARCHAR(100);

-- AlterTable
ALTER TABLE "foreign_trade_shipments" ADD COLUMN     "carrier_eta" TIMESTAMPTZ(3),
ADD COLUMN     "carrier_eta_classifier" VARCHAR(3),
ADD COLUMN     "tracking_api" VARCHAR(40),
ADD COLUMN     "tracking_checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "tracking_error" VARCHAR(500),
ADD COLUMN     "tracking_failures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "tracking_next_check_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "carrier_connections" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "scac" VARCHAR(4) NOT NULL,
    "protocol" "CarrierProtocol" NOT NULL,
    "base_url" VARCHAR(2048) NOT NULL,
    "auth_header" VARCHAR(100),
    "auth_value_encrypted" TEXT,
    "notification_secret_encrypted" TEXT,
    "notification_token" VARCHAR(64) NOT NULL,
    "subscription_id" VARCHAR(100),
    "subscription_status" VARCHAR(20),
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "carrier_connections_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "carrier_connections_company_id_notification_token_key" ON "carrier_connections"("company_id", "notification_token");

-- CreateIndex
CREATE UNIQUE INDEX "carrier_connections_company_id_scac_key" ON "carrier_connections"("company_id", "scac");

-- CreateIndex
CREATE UNIQUE INDEX "container_events_company_id_container_id_carrier_event_id_key" ON "container_events"("company_id", "container_id", "carrier_event_id");

-- AddForeignKey
ALTER TABLE "carrier_connections" ADD CONSTRAINT "carrier_connections_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
