-- CreateTable
CREATE TABLE "reference_data_loads" (
    "name" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "loaded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reference_data_loads_pkey" PRIMARY KEY ("name")
);
