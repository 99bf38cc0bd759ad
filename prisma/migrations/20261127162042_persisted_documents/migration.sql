-- AlterTable
ALTER TABLE "api_keys" ADD COLUMN     "registered_documents_only" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "persisted_documents" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "hash" VARCHAR(64) NOT NULL,
    "document" TEXT NOT NULL,
    "registered" BOOLEAN NOT NULL DEFAULT false,
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "persisted_documents_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "persisted_documents_company_id_hash_key" ON "persisted_documents"("company_id", "hash");
