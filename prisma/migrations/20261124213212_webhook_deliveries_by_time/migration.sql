-- CreateIndex
CREATE INDEX "webhook_deliveries_company_id_inserted_at_idx" ON "webhook_deliveries"("company_id", "inserted_at");
