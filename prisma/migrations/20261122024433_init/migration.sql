-- CreateEnum
CREATE TYPE "BusinessRole" AS ENUM ('ACQUIRER', 'AGENT', 'BANK', 'BONDED_TERMINAL', 'CARGO_OWNER', 'CONTAINER_DEPOT', 'CUSTOMER', 'CUSTOMS_BROKER', 'EXPORTER', 'FUNDER', 'FREIGHT_FORWARDER', 'IMPORTER', 'INTEGRATOR', 'INTERNATIONAL_ROAD_CARRIER', 'MANUFACTURER', 'NATIONAL_ROAD_CARRIER', 'SUPPLIER', 'TRADING', 'WAREHOUSE');

-- CreateEnum
CREATE TYPE "DocumentType" AS ENUM ('CNPJ', 'CPF', 'TIN', 'INTERNAL_CODE');

-- CreateEnum
CREATE TYPE "MeasurementUnit" AS ENUM ('BOTTLES', 'GRAMS', 'KILOGRAMS', 'TONS', 'CENTIMETERS', 'SQUARE_CENTIMETERS', 'METERS', 'SQUARE_METERS', 'CUBIC_METERS', 'BUCKETS', 'AMPOULES', 'TRAYS', 'BARS', 'TUBES', 'BLOCKS', 'COILS', 'CAPSULES', 'CARDS', 'HUNDREDS', 'GROUPS', 'CONTAINERS', 'BOXES', 'DISPLAYS', 'DOZENS', 'PACKAGING', 'BALES', 'PAPERS', 'FLASKS', 'GALLONS', 'ISOTANK', 'SETS', 'KITS', 'CANS', 'LITERS', 'MILLILITERS', 'THOUSAND', 'MEGAWATT_HOUR', 'PACKAGES', 'PALLETS', 'PAIRS', 'PIECES', 'POTS', 'CARATS', 'REAM', 'ROLLS', 'SACKS', 'BAGS', 'DRUMS', 'TANKS', 'PIPES', 'UNITS', 'BARRELS', 'GLASSES', 'POUNDS', 'OUNCES');

-- CreateTable
CREATE TABLE "companies" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "prefix" TEXT NOT NULL,
    "secret_hash" BYTEA NOT NULL,
    "label" TEXT,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "operations" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "operations_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "operation_handlers" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "operation_id" INTEGER NOT NULL,
    "role" "BusinessRole" NOT NULL,

    CONSTRAINT "operation_handlers_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "actors" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "official_name" TEXT,
    "trading_name" TEXT,
    "nickname" TEXT,
    "internal_code" TEXT,
    "official_document" TEXT,
    "document_type" "DocumentType",
    "cnae" TEXT,
    "contact_details" TEXT,
    "description" TEXT,
    "opening_date" TIMESTAMPTZ(3),
    "logo_url" TEXT,
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "actors_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "products" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" TEXT,
    "family" TEXT,
    "manufacturer" TEXT,
    "mercosul_code" TEXT,
    "additional_details" TEXT,
    "extra" JSONB,
    "translated_descriptions" JSONB,
    "package_code" TEXT,
    "package_type" "MeasurementUnit",
    "package_capacity" TEXT,
    "package_measurement_unit" "MeasurementUnit",
    "content_code" TEXT,
    "content_type" "MeasurementUnit",
    "content_capacity" TEXT,
    "content_measurement_unit" "MeasurementUnit",
    "multiple_code" TEXT,
    "multiple_package_type" "MeasurementUnit",
    "multiple_package_capacity" TEXT,
    "multiple_package_measurement_unit" "MeasurementUnit",
    "cubage_per_package" TEXT,
    "net_weight_per_package" TEXT,
    "gross_weight_per_package" TEXT,
    "packages_per_pallet" INTEGER,
    "has_containerization" BOOLEAN NOT NULL DEFAULT false,
    "has_palletization" BOOLEAN NOT NULL DEFAULT false,
    "has_content" BOOLEAN NOT NULL DEFAULT false,
    "has_unitization" BOOLEAN NOT NULL DEFAULT false,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "products_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "product_internal_codes" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "product_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "label" TEXT,

    CONSTRAINT "product_internal_codes_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "product_foreign_operators" (
    "company_id" INTEGER NOT NULL,
    "product_id" INTEGER NOT NULL,
    "actor_id" INTEGER NOT NULL,

    CONSTRAINT "product_foreign_operators_pkey" PRIMARY KEY ("company_id","product_id","actor_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys"("prefix");

-- CreateIndex
CREATE INDEX "api_keys_company_id_idx" ON "api_keys"("company_id");

-- CreateIndex
CREATE UNIQUE INDEX "operation_handlers_company_id_operation_id_role_key" ON "operation_handlers"("company_id", "operation_id", "role");

-- CreateIndex
CREATE INDEX "actors_company_id_official_document_idx" ON "actors"("company_id", "official_document");

-- CreateIndex
CREATE INDEX "actors_company_id_internal_code_idx" ON "actors"("company_id", "internal_code");

-- CreateIndex
CREATE INDEX "products_company_id_code_idx" ON "products"("company_id", "code");

-- CreateIndex
CREATE INDEX "product_internal_codes_company_id_product_id_idx" ON "product_internal_codes"("company_id", "product_id");

-- CreateIndex
CREATE INDEX "product_foreign_operators_company_id_actor_id_idx" ON "product_foreign_operators"("company_id", "actor_id");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "operation_handlers" ADD CONSTRAINT "operation_handlers_company_id_operation_id_fkey" FOREIGN KEY ("company_id", "operation_id") REFERENCES "operations"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_internal_codes" ADD CONSTRAINT "product_internal_codes_company_id_product_id_fkey" FOREIGN KEY ("company_id", "product_id") REFERENCES "products"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_foreign_operators" ADD CONSTRAINT "product_foreign_operators_company_id_product_id_fkey" FOREIGN KEY ("company_id", "product_id") REFERENCES "products"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "product_foreign_operators" ADD CONSTRAINT "product_foreign_operators_company_id_actor_id_fkey" FOREIGN KEY ("company_id", "actor_id") REFERENCES "actors"("company_id", "id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A product code is unique among the live products of a company (a deleted code can be reused).
CREATE UNIQUE INDEX "products_company_id_code_live_key" ON "products"("company_id", "code") WHERE "deleted_at" IS NULL;
