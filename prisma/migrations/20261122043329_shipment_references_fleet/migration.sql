-- CreateEnum
CREATE TYPE "VehicleType" AS ENUM ('MECHANICAL_HORSE_DOUBLE_AXIS', 'HORSE', 'TRUCK', 'SEMI_TRUCK', 'THREE_QUARTER_TON_TRUCK', 'VAN', 'CAR', 'PASSENGER_VEHICLE', 'MOTORCYCLE');

-- CreateEnum
CREATE TYPE "TrackerBrand" AS ENUM ('SASCAR', 'OMNILINK');

-- CreateTable
CREATE TABLE "drivers" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "country_code" CHAR(2),
    "cpf" TEXT,
    "official_document" TEXT,
    "birthday" TIMESTAMPTZ(3),
    "license_number" TEXT,
    "license_category" TEXT,
    "license_expiration_date" TIMESTAMPTZ(3),
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "drivers_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "vehicles" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "type" "VehicleType" NOT NULL,
    "plate" TEXT NOT NULL,
    "is_refrigerated" BOOLEAN NOT NULL,
    "speed_limit_dry" INTEGER,
    "speed_limit_wet" INTEGER,
    "tare_weight_kg" TEXT,
    "temperature_min" TEXT,
    "temperature_max" TEXT,
    "tracker_brand" "TrackerBrand",
    "tracker_id" TEXT,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "vehicles_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateIndex
CREATE INDEX "drivers_company_id_name_idx" ON "drivers"("company_id", "name");

-- CreateIndex
CREATE INDEX "vehicles_company_id_plate_idx" ON "vehicles"("company_id", "plate");

-- CreateIndex
CREATE INDEX "trips_company_id_driver_id_idx" ON "trips"("company_id", "driver_id");

-- CreateIndex
CREATE INDEX "trips_company_id_vehicle_id_idx" ON "trips"("company_id", "vehicle_id");

-- AddForeignKey
ALTER TABLE "international_freights" ADD CONSTRAINT "international_freights_sealine_id_fkey" FOREIGN KEY ("sealine_id") REFERENCES "sealines"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "international_freights" ADD CONSTRAINT "international_freights_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "international_freights" ADD CONSTRAINT "international_freights_booking_loading_port_id_fkey" FOREIGN KEY ("booking_loading_port_id") REFERENCES "maritime_ports"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "international_freights" ADD CONSTRAINT "international_freights_booking_discharge_port_id_fkey" FOREIGN KEY ("booking_discharge_port_id") REFERENCES "maritime_ports"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "international_freights" ADD CONSTRAINT "international_freights_booking_loading_airport_id_fkey" FOREIGN KEY ("booking_loading_airport_id") REFERENCES "airports"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "international_freights" ADD CONSTRAINT "international_freights_booking_discharge_airport_id_fkey" FOREIGN KEY ("booking_discharge_airport_id") REFERENCES "airports"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "maritime_transport_shipments" ADD CONSTRAINT "maritime_transport_shipments_loading_port_id_fkey" FOREIGN KEY ("loading_port_id") REFERENCES "maritime_ports"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "maritime_transport_shipments" ADD CONSTRAINT "maritime_transport_shipments_discharge_port_id_fkey" FOREIGN KEY ("discharge_port_id") REFERENCES "maritime_ports"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "maritime_transport_shipments" ADD CONSTRAINT "maritime_transport_shipments_sealine_id_fkey" FOREIGN KEY ("sealine_id") REFERENCES "sealines"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "maritime_transport_shipments" ADD CONSTRAINT "maritime_transport_shipments_vessel_id_fkey" FOREIGN KEY ("vessel_id") REFERENCES "vessels"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "air_transport_shipments" ADD CONSTRAINT "air_transport_shipments_airline_id_fkey" FOREIGN KEY ("airline_id") REFERENCES "airlines"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "air_transport_shipments" ADD CONSTRAINT "air_transport_shipments_origin_airport_id_fkey" FOREIGN KEY ("origin_airport_id") REFERENCES "airports"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "air_transport_shipments" ADD CONSTRAINT "air_transport_shipments_destination_airport_id_fkey" FOREIGN KEY ("destination_airport_id") REFERENCES "airports"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "house_awbs" ADD CONSTRAINT "house_awbs_airline_id_fkey" FOREIGN KEY ("airline_id") REFERENCES "airlines"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "house_awbs" ADD CONSTRAINT "house_awbs_loading_airport_id_fkey" FOREIGN KEY ("loading_airport_id") REFERENCES "airports"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "house_awbs" ADD CONSTRAINT "house_awbs_unloading_airport_id_fkey" FOREIGN KEY ("unloading_airport_id") REFERENCES "airports"("id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "trips" ADD CONSTRAINT "trips_company_id_driver_id_fkey" FOREIGN KEY ("company_id", "driver_id") REFERENCES "drivers"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "trips" ADD CONSTRAINT "trips_company_id_vehicle_id_fkey" FOREIGN KEY ("company_id", "vehicle_id") REFERENCES "vehicles"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;
