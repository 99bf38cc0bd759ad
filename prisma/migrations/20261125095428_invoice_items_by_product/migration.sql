-- CreateIndex
CREATE INDEX "invoice_items_company_id_product_sku_idx" ON "invoice_items"("company_id", "product_sku");
