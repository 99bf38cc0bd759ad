-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "description" TEXT,
    "events" TEXT[],
    "secret" VARCHAR(64) NOT NULL,
    "previous_secret" VARCHAR(64),
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "failing_since" TIMESTAMPTZ(3),
    "disabled_at" TIMESTAMPTZ(3),
    "disabled_reason" VARCHAR(500),
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "event_id" VARCHAR(28) NOT NULL,
    "event_type" VARCHAR(64) NOT NULL,
    "body" TEXT NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'PENDING',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "response_status" INTEGER,
    "duration_ms" INTEGER,
    "error" VARCHAR(500),
    "inserted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "company_id" INTEGER NOT NULL,
    "id" SERIAL NOT NULL,
    "delivery_id" INTEGER NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "response_status" INTEGER,
    "duration_ms" INTEGER NOT NULL,
    "error" VARCHAR(500),

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("company_id","id")
);

-- CreateIndex
CREATE INDEX "webhook_endpoints_company_id_deleted_at_idx" ON "webhook_endpoints"("company_id", "deleted_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_company_id_endpoint_id_id_idx" ON "webhook_deliveries"("company_id", "endpoint_id", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_company_id_endpoint_id_event_id_key" ON "webhook_deliveries"("company_id", "endpoint_id", "event_id");

-- CreateIndex
CREATE INDEX "webhook_attempts_company_id_delivery_id_idx" ON "webhook_attempts"("company_id", "delivery_id");

-- AddForeignKey
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_company_id_endpoint_id_fkey" FOREIGN KEY ("company_id", "endpoint_id") REFERENCES "webhook_endpoints"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_company_id_delivery_id_fkey" FOREIGN KEY ("company_id", "delivery_id") REFERENCES "webhook_deliveries"("company_id", "id") ON DELETE CASCADE ON UPDATE CASCADE;
