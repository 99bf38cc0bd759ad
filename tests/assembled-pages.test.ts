// Pages assembled by PostgreSQL (docs/decisions/019-assembled-pages.md): the order and product
// lists' pages written as one JSON statement answer exactly what the field-by-field read answers, for a
// company of every kind of order (the demo data: purchase, sales and road transport orders,
// handler entries of actors with roles and access groups, subsidiaries, linked processes), a
// deleted linked process included; and a selection that cannot be assembled is still answered.
import { beforeAll, describe, expect, it } from 'vitest';
import { rowJsonSql } from '../graph/assembled/compile.ts';
import { client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';
import { bothWays } from './setup/both-ways.ts';
import { dataInfo, fieldByField, rootInfo, routeDocument, routeFragments } from './setup/route-documents.ts';

describe('the selections of the REST list routes', () => {
  it('are assembled whole, and so are the same fields under a connection\'s edges: every field the routes answer declares its SQL', () => {
    for (const [operation, type, connectionField] of [
      ['OrdersList', 'Order', 'ordersConnection(operation_id: 1, first: 5)'],
      ['ProductsList', 'Product', 'productsConnection(first: 5)'],
      ['ProcessesList', 'Process', 'processesConnection(operation_id: 1, first: 5)'],
    ]) {
      const document = routeDocument(operation);
      const json = rowJsonSql(dataInfo(document), 't0');
      expect(json, `${operation}: a field its route selects has no SQL (graph/*/assembled.ts)`).toBeDefined();
      expect(json!.row).toMatch(/^json_build_object\('@', 1, 'id', t0\.id/);
      // Countries and currencies are each read into one map, whatever the fields that name them.
      expect(json!.with.length).toBeLessThanOrEqual(2);
      expect(rowJsonSql(dataInfo(fieldByField(document, type)), 't0'), `${operation} with an alias`).toBeUndefined();
      // The same fields as a connection's nodes (the compiler walks `edges`, then `node`).
      const connection = `{ ${connectionField} { edges { cursor node { ...${type}Fields } } } }\n${routeFragments(operation)}`;
      expect(rowJsonSql(rootInfo(connection), 't0', ['edges', 'node'])?.row).toBe(json!.row);
    }
  });
});

describe('the order page assembled by PostgreSQL', () => {
  let demo: TestCompany;
  let C: ReturnType<typeof client>;
  let op: string;
  // A literal page size: /graphql weighs a variable one at its largest (docs/limits.md, query cost).
  const document = routeDocument('OrdersList').replace('$limit: Int, ', '').replace('limit: $limit', 'limit: 5');

  beforeAll(async () => {
    demo = await newCompany(uniq('Assembled '), true);
    C = client(demo.api_key);
    op = `/operations/${demo.operation.id}`;
    // Lines with every kind of value the demo's leave out: countries, currencies, foreign operators, a time with milliseconds.
    const product = uniq('ASM-');
    expect((await C.post('/products', { code: product, description: 'Assembled valve', mercosul_code: '84818099', package_type: 'BOXES' })).status).toBe(201);
    const actor = (await C.get('/actors', 'limit=1')).body.data[0].id;
    const line = {
      line_reference: '10', line_number: 1, product_code: product, quantity: '1200.0000', order_unit_value: '35.5', order_value: '42600.00',
      order_currency_code: 'USD', net_weight_kg: '5400.125', supplier_readiness_at: '2025-04-16T10:00:00.125Z', customs_released_at: '2025-05-21T00:00:00Z',
    };
    const purchase = { ...line, purchase_country_code: 'US', manufacturing_country_code: 'DE', dispatching_country_code: 'NL', sap_by_factor: '1.000', item_foreign_operators: [actor], production_lead_time_days: 30 };
    expect((await C.post(`${op}/orders`, { reference_code: uniq('ASM-P-'), purchase_order: { type: 'DIRECT', necessity_date: '2025-06-01T00:00:00Z', items: [purchase, { ...purchase, line_reference: '20', quantity: null }] } })).status).toBe(201);
    expect((await C.post(`${op}/orders`, { reference_code: uniq('ASM-S-'), sales_order: { type: 'INDIRECT', order_received_at: '2025-03-01T12:00:00Z', items: [{ ...line, containers_quantity: 2 }] } })).status).toBe(201);
    // A linked process deleted: the orders no longer list it.
    const linked = (await C.get(`${op}/orders`, 'limit=100')).body.data.flatMap((o: { processes: { id: number }[] }) => o.processes);
    expect(linked.length).toBeGreaterThan(1);
    expect((await C.del(`${op}/processes/${linked[0].id}`)).status).toBe(200);
  });

  it('answers the REST page exactly as the field-by-field read answers it', async () => {
    // In pages of 5: /graphql weighs a selection's cost (docs/limits.md); the REST page of 100 is compared whole below.
    const rows: any[] = [];
    for (let offset = 0; offset < 40; offset += 5) {
      rows.push(...(await bothWays(demo.api_key, document, 'Order', 'orders', { operation_id: demo.operation.id, offset })));
    }
    expect(rows).toHaveLength(38);
    // Every kind of value of the tree is there to compare.
    const kinds = (pick: (o: any) => unknown) => rows.some((o: any) => pick(o) != null && !(Array.isArray(pick(o)) && !(pick(o) as unknown[]).length));
    for (const pick of [
      (o: any) => o.purchase_order?.items[0]?.purchase_country,
      (o: any) => o.purchase_order?.items[0]?.item_foreign_operators,
      (o: any) => o.purchase_order?.items.find((i: any) => i.quantity === null),
      (o: any) => o.purchase_order?.items[0]?.product,
      (o: any) => o.sales_order?.items[0]?.order_currency,
      (o: any) => o.processes,
      (o: any) => o.subsidiary,
      (o: any) => o.handler.importer?.actor.roles.find((r: any) => r.access_group),
      (o: any) => o.handlers,
      (o: any) => o.finished_at,
      (o: any) => o.canceled_at,
    ]) expect(kinds(pick), String(pick)).toBe(true);
    const rest = await C.get(`${op}/orders`, 'limit=100');
    expect(rest.status).toBe(200);
    expect(rest.body.data).toEqual(rows);
  });

  it('reads a page in the same number of statements at 1, 10 and 38 orders, and pages on by cursor', async () => {
    const counts: number[] = [];
    for (const limit of [1, 10, 100]) {
      const res = await C.get(`${op}/orders`, `limit=${limit}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(Math.min(limit, 38));
      counts.push(Number(res.headers.get('x-sql-statements')));
    }
    expect(new Set(counts).size, `statements: ${counts.join(', ')}`).toBe(1);
    const first = await C.get(`${op}/orders`, 'limit=20');
    const next = await C.get(`${op}/orders`, `limit=20&after=${first.body.next_cursor}`);
    const whole = await C.get(`${op}/orders`, 'limit=100');
    expect([...first.body.data, ...next.body.data]).toEqual(whole.body.data);
  });

  it('answers the GraphQL order and product connections as the field-by-field read does, page after page', async () => {
    for (const [field, type, list, args] of [
      ['ordersConnection', 'Order', 'OrdersList', `operation_id: ${demo.operation.id}, `],
      ['productsConnection', 'Product', 'ProductsList', ''],
    ] as const) {
      const document = `query ($after: String) { ${field}(${args}first: 5, after: $after) { edges { node { ...${type}Fields } } pageInfo { hasNextPage endCursor } } }\n${routeFragments(list)}`;
      const seen: number[] = [];
      let after: string | null = null;
      for (let page = 0; page < 3; page++) {
        const assembled = await graphql(demo.api_key, document, { after });
        const plain = await graphql(demo.api_key, fieldByField(document, type), { after });
        expect(assembled.body.errors).toBeUndefined();
        expect(plain.body.errors).toBeUndefined();
        const nodes = assembled.body.data[field].edges.map((e: { node: { id: number } }) => e.node);
        expect(nodes).toHaveLength(5);
        expect(plain.body.data[field].edges.map(({ node: { row_id, ...rest } }: { node: { row_id: number } }) => rest)).toEqual(nodes);
        expect(assembled.body.data[field].pageInfo).toEqual(plain.body.data[field].pageInfo);
        seen.push(...nodes.map((n: { id: number }) => n.id));
        after = assembled.body.data[field].pageInfo.endCursor;
      }
      expect(new Set(seen).size).toBe(15);
    }
  });

  it('answers one order and one product by id and by key as the field-by-field read does, and 404 for another company\'s', async () => {
    const orders = (await C.get(`${op}/orders`, 'limit=100')).body.data;
    const product = (await C.get('/products', 'limit=1')).body.data[0];
    const one = async (document: string, field: string, type: string, variables: Record<string, unknown>) => {
      const assembled = await graphql(demo.api_key, document, variables);
      const plain = await graphql(demo.api_key, document.replace(`...${type}Fields`, `...${type}Fields\n    row_id: id`), variables);
      expect(assembled.body.errors).toBeUndefined();
      const { row_id, ...rest } = plain.body.data[field];
      expect(row_id).toBe(rest.id);
      expect(rest).toEqual(assembled.body.data[field]);
      return assembled.body.data[field];
    };
    for (const order of [orders[0], orders.find((o: any) => o.purchase_order?.items.some((i: any) => i.purchase_country)), orders.find((o: any) => o.processes.length)]) {
      const vars = { operation_id: demo.operation.id };
      expect(await one(routeDocument('OrdersGet'), 'order', 'Order', { ...vars, id: order.id })).toEqual(order);
      expect(await one(routeDocument('OrdersGetByReferenceCode'), 'orderByReferenceCode', 'Order', { ...vars, reference_code: order.reference_code })).toEqual(order);
      expect((await C.get(`${op}/orders/${order.id}`)).body.data).toEqual(order);
    }
    expect(await one(routeDocument('ProductsGetByCode'), 'productByCode', 'Product', { code: product.code })).toEqual(product);
    expect((await C.get(`/products-by-code/${encodeURIComponent(product.code)}`)).body.data).toEqual(product);
    // Not found, deleted, or another company's: 404 alike.
    expect((await C.get(`${op}/orders/99999999`)).status).toBe(404);
    const gone = orders.filter((o: any) => !o.processes.length).pop();
    expect((await C.del(`${op}/orders/${gone.id}`)).status).toBe(200);
    expect((await C.get(`${op}/orders-by-reference-code/${encodeURIComponent(gone.reference_code)}`)).status).toBe(404);
  });

  it('answers a selection of GraphQL-only fields, which it reads field by field', async () => {
    const res = await graphql(
      demo.api_key,
      `query ($op: Int!) { orders(operation_id: $op, limit: 100) { data { __typename id processes { id process { reference_code } } purchase_order { items { purchase_order { id } } } } } }`,
      { op: demo.operation.id },
    );
    expect(res.body.errors).toBeUndefined();
    const withProcess = res.body.data.orders.data.find((o: any) => o.processes.length);
    expect(withProcess.__typename).toBe('Order');
    expect(withProcess.processes[0].process.reference_code).toBe(withProcess.processes[0].process.reference_code.trim());
    expect(res.body.data.orders.data.find((o: any) => o.purchase_order?.items.length).purchase_order.items[0].purchase_order.id).toEqual(expect.any(Number));
  });

  it('answers the REST product page exactly as the field-by-field read answers it', async () => {
    const code = uniq('ASM-FULL-');
    const made = await C.post('/products', {
      code, description: 'Every field', category: 'Valves', mercosul_code: '84818099', package_type: 'BOXES', package_capacity: '12.500',
      has_palletization: true, packages_per_pallet: 40, extra: { color: 'red', sizes: [1, 2] },
      translated_descriptions: [{ language: 'pt-BR', description: 'Todos os campos' }],
      internal_codes: [{ code: 'ERP-1', label: 'erp' }, { code: 'ERP-2' }],
      product_foreign_operators: [(await C.get('/actors', 'limit=1')).body.data[0].id],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const products = routeDocument('ProductsList').replace('$limit: Int, ', '').replace('limit: $limit', 'limit: 10');
    const rows: any[] = [];
    for (let offset = 0; ; offset += 10) {
      const page = await bothWays(demo.api_key, products, 'Product', 'products', { offset });
      rows.push(...page);
      if (page.length < 10) break;
    }
    const full = rows.find((p) => p.code === code);
    expect(full).toMatchObject({ extra: { color: 'red', sizes: [1, 2] }, translated_descriptions: [{ language: 'pt-BR', description: 'Todos os campos' }], has_palletization: true, has_content: false });
    expect(full.internal_codes.map((c: any) => c.code)).toEqual(['ERP-1', 'ERP-2']);
    expect(rows.some((p) => p.translated_descriptions.length === 0 && p.extra === null)).toBe(true);
    const rest = await C.get('/products', 'limit=100');
    expect(rest.body.data).toEqual(rows.slice(0, 100));
    // The same product as a connection's node.
    const connection = `query ($code: String!) { productsConnection(search: $code, first: 5) { edges { node { ...ProductFields } } } }\n${routeFragments('ProductsList')}`;
    const assembled = await graphql(demo.api_key, connection, { code });
    const plain = await graphql(demo.api_key, fieldByField(connection, 'Product'), { code });
    expect(assembled.body.data.productsConnection.edges.map((e: any) => e.node)).toEqual([full]);
    expect(plain.body.data.productsConnection.edges.map(({ node: { row_id, ...rest } }: any) => rest)).toEqual([full]);
  });

  it('never shows another company its rows', async () => {
    const stranger = await newCompany();
    const res = await client(stranger.api_key).get(`${op}/orders`, 'limit=100');
    expect(res.status).toBe(404);
    const own = await client(stranger.api_key).get(`/operations/${stranger.operation.id}/orders`, 'limit=100');
    expect(own.body).toMatchObject({ data: [], total_count: 0 });
  });
});
