-- Statistics of the tables a page of orders, processes or products joins are renewed by
-- autovacuum after 2 % of their rows changed (plus 100), not 10 % (plus 50): a company growing
-- fast keeps them close to its size (docs/decisions/015-fresh-statistics.md). The app itself
-- analyzes a table that doubled or was never analyzed right after the write (graph/kit/statistics.ts).
ALTER TABLE "orders" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "purchase_orders" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "purchase_order_items" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "purchase_order_item_foreign_operators" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "sales_orders" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "sales_order_items" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "order_handlers" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "process_orders" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "processes" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "process_handlers" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "foreign_trade_shipments" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "shipment_items" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "invoices" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "invoice_items" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "transportables" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "containers" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "container_events" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "products" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
ALTER TABLE "product_internal_codes" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 100);
