// The orders filter by product (docs/orders.md, "filters[product_code]"): orders with a line,
// purchase or sales, of that product. Read from the product's lines (the lines' index by
// product), not by testing each order of the operation: as "this order has such a line" the
// filter is two EXISTS joined by OR, which PostgreSQL tests order by order, so a product on
// 3 orders among 100,000 made the page read all 100,000. A product on more orders than a list
// counts (COUNT_CAP) is common enough that its orders come first in any order: the page then
// keeps the per-order test, which finds them at once.
import { Prisma } from '../../prisma/generated/client/client.ts';
import { COUNT_CAP } from '../database/count.ts';
import { prisma } from '../db.ts';

/** The product a list filter names: by id, by code, or both (the same product then). */
export interface ProductNamed {
  product_id?: number | null;
  product_code?: string | null;
}

/** The lines' condition on their product, as a Prisma filter of an item. */
const itemOf = (f: ProductNamed) => ({
  ...(f.product_id != null ? { product_id: f.product_id } : {}),
  ...(f.product_code != null ? { product: { is: { code: f.product_code, deleted_at: null } } } : {}),
});

/** The orders of company `companyId` with a line of the product named by `f`, as a Prisma filter of orders. */
export async function ordersWithProduct(companyId: number, f: ProductNamed): Promise<Prisma.OrderWhereInput> {
  const products = Prisma.sql`SELECT p.id FROM products p WHERE p.company_id = ${companyId}
    ${f.product_id != null ? Prisma.sql`AND p.id = ${f.product_id}` : Prisma.empty}
    ${f.product_code != null ? Prisma.sql`AND p.code = ${f.product_code} AND p.deleted_at IS NULL` : Prisma.empty}`;
  const rows = await prisma().$queryRaw<{ order_id: number }[]>(Prisma.sql`
    SELECT po.order_id FROM purchase_order_items i JOIN purchase_orders po ON po.company_id = i.company_id AND po.id = i.purchase_order_id
      WHERE i.company_id = ${companyId} AND i.product_id IN (${products})
    UNION
    SELECT so.order_id FROM sales_order_items i JOIN sales_orders so ON so.company_id = i.company_id AND so.id = i.sales_order_id
      WHERE i.company_id = ${companyId} AND i.product_id IN (${products})
    LIMIT ${COUNT_CAP + 1}`);
  if (rows.length <= COUNT_CAP) return { id: { in: rows.map((r) => r.order_id) } };
  const item = itemOf(f);
  return { OR: [{ purchase_order: { is: { items: { some: item } } } }, { sales_order: { is: { items: { some: item } } } }] };
}
