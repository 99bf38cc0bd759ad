-- CreateEnum
CREATE TYPE "TrailerType" AS ENUM ('BOX', 'SLIDER', 'BUGGY_20', 'BUGGY_40');

-- CreateTable
CREATE TABLE "trailers" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "type" "TrailerType" NOT NULL,
    "plate" TEXT NOT NULL,
    "axles" INTEGER,
    "is_refrigerated" BOOLEAN NOT NULL DEFAULT false,
    "tare_weight_kg" TEXT,
    "max_weight_kg" TEXT,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "trailers_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateIndex
CREATE INDEX "trailers_company_id_plate_idx" ON "trailers"("company_id", "plate");

-- CreateIndex
CREATE INDEX "trips_company_id_trailer_id_idx" ON "trips"("company_id", "trailer_id");

-- Before this migration trailer_id pointed at no table, so an id stored then names no trailer.
-- Such ids are cleared (trailer_plate is kept) so that the foreign key below can be added.
UPDATE "trips" SET "trailer_id" = NULL WHERE "trailer_id" IS NOT NULL;

-- AddForeignKey
ALTER TABLE "trips" ADD CONSTRAINT "trips_company_id_trailer_id_fkey" FOREIGN KEY ("company_id", "trailer_id") REFERENCES "trailers"("company_id", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;
