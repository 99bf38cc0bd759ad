// The order list's product filter (docs/orders.md, list filters): orders with a purchase or
// sales item of a product, by its id or its code; another company's product finds nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, newCompany, uniq, type TestCompany } from './helpers.ts';

describe('order list filtered by product', () => {
  let company: TestCompany;
  let C: ReturnType<typeof client>;
  let O: string;
  const product = { a: uniq('PRD-A-'), b: uniq('PRD-B-') };
  const order = { purchase: uniq('ORC-P-'), sales: uniq('ORC-S-'), empty: uniq('ORC-E-') };
  let productB: number;

  beforeAll(async () => {
    company = await newCompany();
    C = client(company.api_key);
    O = `/operations/${company.operation.id}/orders`;
    const made = await C.put('/products', [{ code: product.a, description: 'Valve' }, { code: product.b, description: 'Gauge' }]);
    expect(made.status).toBe(201);
    productB = made.body.data[1].id;
    const item = (code: string) => [{ line_reference: '10', product_code: code, quantity: '5.0000' }];
    expect((await C.post(O, { reference_code: order.purchase, purchase_order: { type: 'DIRECT', items: item(product.a) } })).status).toBe(201);
    expect((await C.post(O, { reference_code: order.sales, sales_order: { type: 'DIRECT', items: item(product.b) } })).status).toBe(201);
    expect((await C.post(O, { reference_code: order.empty, type: 'ROAD_TRANSPORT' })).status).toBe(201);
  });

  const listed = async (query: string) => {
    const res = await C.get(O, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total_count).toBe(res.body.data.length);
    return (res.body.data as { reference_code: string }[]).map((o) => o.reference_code);
  };

  it('keeps the orders with a purchase or sales item of the product, by code or by id', async () => {
    expect(await listed(`filters[product_code]=${product.a}`)).toEqual([order.purchase]);
    expect(await listed(`filters[product_id]=${productB}`)).toEqual([order.sales]);
    expect(await listed(`filters[product_code]=${product.a}&filters[status]=FINISHED`)).toEqual([]);
    expect(await listed('filters[product_code]=NO-SUCH-PRODUCT')).toEqual([]);
  });

  it("finds nothing by another company's product", async () => {
    const other = client((await newCompany()).api_key);
    const theirs = await other.put('/products', [{ code: product.a, description: 'Their valve' }]);
    expect(await listed(`filters[product_id]=${theirs.body.data[0].id}`)).toEqual([]);
  });

  it('keeps the orders with a handler entry of one of the actors', async () => {
    const supplier = (await C.post('/partnerships', { name: uniq('Supplier '), internal_code: uniq('S-'), roles: [{ role: 'SUPPLIER' }] })).body.data.partner.id as number;
    const slot = company.operation.handlers.find((h) => h.role === 'supplier')!.id;
    const code = uniq('ORC-H-');
    const made = await C.post(O, { reference_code: code, purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: product.a, quantity: '1.0000' }] }, handler: { supplier: { operation_handler_id: slot, actor_id: supplier } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await listed(`filters[actor_ids][]=${supplier}`)).toEqual([code]);
    expect(await listed(`filters[actor_ids][]=${supplier}&filters[product_code]=${product.b}`)).toEqual([]);
  });
});
