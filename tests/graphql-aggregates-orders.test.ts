// Aggregates of order lines (docs/graphql-aggregates.md), over HTTP on a company of each test's
// own: exact quantities, open quantities and values per currency and supplier of the data it
// made, another company's lines never counted, the order list's filters meaning the same, one
// SQL statement.
import { describe, expect, it } from 'vitest';
import { api, client, graphql, newCompany, uniq } from './helpers.ts';

/** Two suppliers' purchase orders in USD and EUR, 30 units of one line shipped by a live process, 10 of another by a canceled one. */
async function purchases() {
  const co = await newCompany();
  const C = client(co.api_key);
  const op = co.operation.id;
  const slot = (role: string) => co.operation.handlers.find((h) => h.role === role)!.id;
  const supplier = async () => {
    const res = await C.post('/partnerships', { name: uniq('Supplier '), internal_code: uniq('SUP-'), roles: [{ role: 'SUPPLIER' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.partner.id as number;
  };
  const [a, b] = [await supplier(), await supplier()];
  const products = [uniq('P1-'), uniq('P2-')];
  expect((await C.put('/products', products.map((code) => ({ code, description: `Valve ${code}` })))).status).toBe(201);
  const line = (line_reference: string, product_code: string, quantity: string, order_value: string, order_currency_code: string) => ({ line_reference, product_code, quantity, order_value, order_currency_code });
  const order = (reference_code: string, actor_id: number, items: unknown[]) => ({
    reference_code,
    handler: { supplier: { operation_handler_id: slot('supplier'), actor_id } },
    purchase_order: { type: 'DIRECT', items },
  });
  const orders = await C.put(`/operations/${op}/orders`, [
    order('PO-1', a, [line('10', products[0], '100.0000', '1000.00', 'USD'), line('20', products[1], '40.0000', '400.00', 'EUR')]),
    order('PO-2', b, [line('10', products[0], '50.0000', '250.00', 'USD')]),
    order('PO-3', a, [line('10', products[0], '999.0000', '9999.00', 'USD')]),
  ]);
  expect(orders.status, JSON.stringify(orders.body)).toBe(200);
  const deleted = await api('DELETE', `/operations/${op}/orders/${orders.body.data[2].id}`, { key: co.api_key });
  expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
  const shipping = (reference_code: string, order_code: string, quantity: string) => ({
    reference_code,
    order_reference_codes: [order_code],
    foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', automatic_tracking_enabled: false, items: [{ line_reference: '10', quantity }] },
  });
  const processes = await C.put(`/operations/${op}/processes`, [shipping('SHIP-1', 'PO-1', '30.0000'), shipping('SHIP-2', 'PO-2', '10.0000')]);
  expect(processes.status, JSON.stringify(processes.body).slice(0, 500)).toBe(200);
  expect((await C.put(`/operations/${op}/processes/${processes.body.data[1].id}/cancel`)).status).toBe(200);
  const ask = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await graphql(co.api_key, query, { op, ...variables });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return { data: res.body.data, statements: Number(res.headers.get('x-sql-statements')) };
  };
  return { ask, a, b, products };
}

const AGG = `query ($op: Int!, $by: [OrderLineDimension!], $f: OrderFilters) {
  orderLineAggregate(operation_id: $op, group_by: $by, filters: $f) {
    groups { key { currency_code supplier_id product_id } count quantity balance value }
    truncated
  }
}`;

/** Groups by `currency supplier` for exact comparison. */
const bySupplier = (groups: any[]) => Object.fromEntries(groups.map((g) => [`${g.key.currency_code} ${g.key.supplier_id}`, { count: g.count, quantity: g.quantity, balance: g.balance, value: g.value }]));

describe('order line aggregates', () => {
  it('sum quantity, open quantity and value per currency and supplier, never adding currencies, in one SQL statement', async () => {
    const q = await purchases();
    await purchases();
    await q.ask(AGG, { by: ['SUPPLIER'] });
    const { data, statements } = await q.ask(AGG, { by: ['SUPPLIER'] });
    expect(bySupplier(data.orderLineAggregate.groups)).toEqual({
      [`USD ${q.a}`]: { count: 1, quantity: '100.0000', balance: '70.0000', value: '1000.00' },
      [`EUR ${q.a}`]: { count: 1, quantity: '40.0000', balance: '40.0000', value: '400.00' },
      [`USD ${q.b}`]: { count: 1, quantity: '50.0000', balance: '50.0000', value: '250.00' },
    });
    expect(data.orderLineAggregate.truncated).toBe(false);
    expect(statements).toBe(1);
    const perCurrency = await q.ask(AGG);
    expect(Object.fromEntries(perCurrency.data.orderLineAggregate.groups.map((g: any) => [g.key.currency_code, [g.count, g.quantity, g.balance, g.value]]))).toEqual({
      USD: [2, '150.0000', '120.0000', '1250.00'],
      EUR: [1, '40.0000', '40.0000', '400.00'],
    });
  });

  it('count the lines of the orders the order list keeps under the same filters', async () => {
    const q = await purchases();
    const lines = `query ($op: Int!, $f: OrderFilters) {
      orders(operation_id: $op, filters: $f, limit: 100) { data { purchase_order { items { id } } } }
      orderLineAggregate(operation_id: $op, filters: $f) { groups { count } }
    }`;
    for (const f of [{ actor_ids: [q.b] }, { product_code: q.products[1] }, { status: ['ACTIVE'] }, { reference_codes: ['PO-1'] }, { type: ['PURCHASE'] }]) {
      const { data } = await q.ask(lines, { f });
      const listed = data.orders.data.reduce((n: number, o: any) => n + o.purchase_order.items.length, 0);
      const counted = data.orderLineAggregate.groups.reduce((n: number, g: { count: number }) => n + g.count, 0);
      expect(counted, JSON.stringify(f)).toBe(listed);
      expect(counted, JSON.stringify(f)).toBeGreaterThan(0);
    }
    const none = await q.ask(AGG, { f: { status: ['CANCELED'] } });
    expect(none.data.orderLineAggregate).toEqual({ groups: [], truncated: false });
  });

  it('count the live orders per supplier and state under the order list filters, in one SQL statement', async () => {
    const q = await purchases();
    const query = `query ($op: Int!, $by: [OrderDimension!], $f: OrderFilters) {
      orders(operation_id: $op, filters: $f) { total_count }
      orderAggregate(operation_id: $op, group_by: $by, filters: $f) { groups { key { supplier_id state currency_code } count inserted_at_min } truncated }
    }`;
    const { data } = await q.ask(query, { by: ['SUPPLIER', 'STATE'] });
    expect(Object.fromEntries(data.orderAggregate.groups.map((g: any) => [`${g.key.supplier_id} ${g.key.state} ${g.key.currency_code}`, g.count]))).toEqual({
      [`${q.a} ACTIVE null`]: 1,
      [`${q.b} ACTIVE null`]: 1,
    });
    // A document's first run reads on a snapshot (on PostgreSQL, one more statement: its commit); once it is
    // known to read once, it runs alone (graph/yoga.ts).
    const alone = `query ($op: Int!, $by: [OrderDimension!]) { orderAggregate(operation_id: $op, group_by: $by) { groups { count } } }`;
    await q.ask(alone, { by: ['SUPPLIER'] });
    expect((await q.ask(alone, { by: ['SUPPLIER'] })).statements).toBe(1);
    for (const f of [{ actor_ids: [q.a] }, { product_code: q.products[0] }, { reference_codes: ['PO-1', 'PO-3'] }]) {
      const res = await q.ask(query, { f });
      expect(res.data.orderAggregate.groups.map((g: any) => g.count), JSON.stringify(f)).toEqual([res.data.orders.total_count]);
    }
  });
});
