// A product's invoice lines (docs/graphql.md, "Links"): invoice items name their product by code
// (`product_sku`), not by id, so the link is read by code. The lines of every product of a page
// are read together: one statement picks the first `first` line ids of each code among the live
// processes of the company, one more reads those lines with the fields selected below. Its cursor
// twin `invoice_itemsConnection` reads the same way, `first + 1` lines after the cursor's id.
import { queryFromInfo } from '@pothos/plugin-prisma';
import type { GraphQLResolveInfo } from 'graphql';
import type { InvoiceItem } from '../../prisma/generated/client/client.ts';
import type { Context } from '../context.ts';
import { prisma } from '../db.ts';
import { linkPage, linkWindow, type LinkArgs, type LinkPage } from '../schema-helpers/link-connection.ts';
import { lookahead } from '../schema-helpers/pagination/page.ts';
import { loaderAt } from '../schema-helpers/place-loader.ts';

/** The first `first` invoice lines of ids above `afterId`, in id order, of each product code asked at one place of the query. */
export function invoiceLinesOf(fieldQuery: object, ctx: Context, info: GraphQLResolveInfo, code: string, first: number, afterId: number | null = null): Promise<InvoiceItem[]> {
  // Read by every row's call (Pothos checks each row's query is used); the rows of one place share it.
  const query = { ...fieldQuery };
  return loaderAt<string, InvoiceItem[]>(ctx, info, `${first}:${afterId}`, async (codes) => {
    const picked = await prisma().$queryRaw<{ id: number }[]>`
      SELECT id FROM (
        SELECT i.id, row_number() OVER (PARTITION BY i.product_sku ORDER BY i.id) AS n
        FROM invoice_items i
        JOIN invoices v ON v.company_id = i.company_id AND v.id = i.invoice_id
        JOIN foreign_trade_shipments s ON s.company_id = v.company_id AND s.id = v.shipment_id
        JOIN processes p ON p.company_id = s.company_id AND p.id = s.process_id
        WHERE i.company_id = ${ctx.company.id} AND i.product_sku = ANY(${[...codes]}::text[]) AND p.deleted_at IS NULL
          AND i.id > ${afterId ?? 0}
      ) AS ranked WHERE n <= ${first}`;
    const rows = picked.length
      ? await prisma().invoiceItem.findMany({ ...query, where: { company_id: ctx.company.id, id: { in: picked.map((p) => p.id) } }, orderBy: { id: 'asc' } })
      : [];
    return codes.map((c) => rows.filter((r) => r.product_sku === c));
  }).load(code);
}

/** A page of the product's invoice lines by cursor (`invoice_itemsConnection`), read with the lines of the other products of its place. */
export async function invoiceLinesPage(ctx: Context, info: GraphQLResolveInfo, code: string, args: LinkArgs): Promise<LinkPage> {
  const link = 'Product.invoice_items';
  const window = linkWindow(link, args);
  if (window.error) throw window.error;
  const query = queryFromInfo({ context: ctx, info, path: ['edges', 'node'] }) as { select?: object };
  const keyed = query.select ? { ...query, select: { ...query.select, id: true, product_sku: true } } : query;
  return linkPage(link, window, await invoiceLinesOf(keyed, ctx, info, code, lookahead(window.first), window.afterId));
}
