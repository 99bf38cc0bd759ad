-- AlterTable
ALTER TABLE "purchase_order_items" ADD COLUMN     "quantity_shipped" TEXT NOT NULL DEFAULT '0';

-- AlterTable
ALTER TABLE "sales_order_items" ADD COLUMN     "quantity_shipped" TEXT NOT NULL DEFAULT '0';

-- Hand-written: the lines shipped before this migration get what the shipment items of live
-- (not deleted, not canceled) processes ship of them, summed at the larger scale of the
-- quantities (docs/decisions/001-decimal-strings.md); the write path keeps it from now on
-- (graph/order/balance.ts, `shipLines`).
UPDATE "purchase_order_items" l SET "quantity_shipped" = s."shipped"
FROM (
  SELECT i."company_id", i."purchase_order_item_id" AS "id", SUM(i."quantity"::numeric)::text AS "shipped"
  FROM "shipment_items" i
  JOIN "foreign_trade_shipments" f ON f."company_id" = i."company_id" AND f."id" = i."shipment_id"
  JOIN "processes" p ON p."company_id" = f."company_id" AND p."id" = f."process_id"
  WHERE i."purchase_order_item_id" IS NOT NULL AND i."quantity" IS NOT NULL AND p."deleted_at" IS NULL AND p."canceled_at" IS NULL
  GROUP BY i."company_id", i."purchase_order_item_id"
) s
WHERE l."company_id" = s."company_id" AND l."id" = s."id";

UPDATE "sales_order_items" l SET "quantity_shipped" = s."shipped"
FROM (
  SELECT i."company_id", i."sales_order_item_id" AS "id", SUM(i."quantity"::numeric)::text AS "shipped"
  FROM "shipment_items" i
  JOIN "foreign_trade_shipments" f ON f."company_id" = i."company_id" AND f."id" = i."shipment_id"
  JOIN "processes" p ON p."company_id" = f."company_id" AND p."id" = f."process_id"
  WHERE i."sales_order_item_id" IS NOT NULL AND i."quantity" IS NOT NULL AND p."deleted_at" IS NULL AND p."canceled_at" IS NULL
  GROUP BY i."company_id", i."sales_order_item_id"
) s
WHERE l."company_id" = s."company_id" AND l."id" = s."id";
