// Lists of linked records by cursor (docs/graphql.md, "Links"): each list of linked records
// `<field>(first)` has a twin `<field>Connection(first, after)` answering `edges` and `pageInfo`
// in id order. A client pages each by cursor while rows are added and reads every row once, in
// order; a cursor not answered for that link is BAD_REQUEST at the field's path; another
// company's rows are never linked; a page of many parents costs the statements of one.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeStatic } from '../graph/logistics/ais-encode.ts';
import { baseUrl, client, costModelOf, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

let co: TestCompany;
let C: ReturnType<typeof client>;
const op = () => co.operation.id;

async function created(res: Promise<{ status: number; body: any }>): Promise<any> {
  const answer = await res;
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

async function ask(query: string, variables: Record<string, unknown> = {}) {
  const res = await graphql(co.api_key, query, variables);
  expect(res.status).toBe(200);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return { data: res.body.data, statements: Number(res.headers.get('x-sql-statements')) };
}

/** A vessel of the AIS feed, followed by nobody yet. */
async function vessel(): Promise<{ id: number; mmsi: string }> {
  const mmsi = `720${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const feed = encodeStatic({ mmsi: Number(mmsi), name: 'TT PAGED', eta: { month: 3, day: 10, hour: 12, minute: 0 }, destination: 'BRSSZ' });
  const imported = await fetch(`${baseUrl()}/admin/imports/ais`, { method: 'POST', headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' }, body: feed.join('\n') });
  expect(imported.status).toBe(200);
  return { id: (await C.get(`/vessels/${mmsi}/current-voyage`)).body.data.id as number, mmsi };
}

/** One link: the parent it is read under, the variables naming that parent, and how to add a row to it. */
interface Link {
  name: string;
  /** The document's parent field with `$…` variables, `%s` where the link goes. */
  parent: (field: string) => string;
  vars: string;
  variables: Record<string, unknown>;
  add: () => Promise<unknown>;
}

/** The ids of the parents of one set of links. */
interface Parents {
  product: number;
  actor: number;
  costModel: number;
  vessel: number;
}

/** The seven links, of a product, an actor, a cost model version and a vessel of their own, with a row-maker each. */
async function links(): Promise<{ all: Link[]; parents: Parents }> {
  const product = uniq('LCP-');
  const spare = uniq('LCQ-');
  const productId = (await created(C.post('/products', { code: product, description: 'Paged valve' }))).id as number;
  await created(C.post('/products', { code: spare, description: 'Spare valve' }));
  const slot = co.operation.handlers.find((h) => h.role === 'customs_broker')!.id;
  const actor = (await created(C.post('/partnerships', { name: uniq('Broker '), internal_code: uniq('LCB-'), roles: [{ role: 'CUSTOMS_BROKER' }] }))).partner.id as number;
  const handler = { customs_broker: { operation_handler_id: slot, actor_id: actor } };
  const model = await costModelOf(co.api_key);
  const version = model.versions[0].id as number;
  const ship = await vessel();
  const lines = [{ line_reference: '10', product_code: product, quantity: '5.0000' }];
  const process = (extra: Record<string, unknown>, shipment: Record<string, unknown> = {}) =>
    created(C.post(`/operations/${op()}/processes`, { reference_code: uniq('LCX-'), ...extra, foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', ...shipment } }));
  const invoice = { invoices: [{ number: uniq('INV-'), emitted_at: '2031-01-01T00:00:00Z', incoterm: 'FOB', items: [{ product_sku: product, quantity: '1', shipment_quantity: '1' }] }] };
  const byProduct = (field: string) => `productByCode(code: $code) { ${field} }`;
  const parents = { product: productId, actor, costModel: model.id as number, vessel: ship.id };
  const all: Link[] = [
    { name: 'purchase_order_items', parent: byProduct, vars: '$code: String!', variables: { code: product }, add: () => created(C.post(`/operations/${op()}/orders`, { reference_code: uniq('LCO-'), purchase_order: { type: 'DIRECT', items: lines } })) },
    { name: 'sales_order_items', parent: byProduct, vars: '$code: String!', variables: { code: product }, add: () => created(C.post(`/operations/${op()}/orders`, { reference_code: uniq('LCS-'), sales_order: { type: 'DIRECT', items: lines } })) },
    { name: 'invoice_items', parent: byProduct, vars: '$code: String!', variables: { code: product }, add: () => process({}, { ...invoice, invoices: [{ ...invoice.invoices[0], number: uniq('INV-') }] }) },
    { name: 'process_entries', parent: (f) => `actor(id: $id) { ${f} }`, vars: '$id: Int!', variables: { id: actor }, add: () => process({ handler }) },
    { name: 'order_entries', parent: (f) => `actor(id: $id) { ${f} }`, vars: '$id: Int!', variables: { id: actor }, add: () => created(C.post(`/operations/${op()}/orders`, { reference_code: uniq('LCH-'), purchase_order: { type: 'DIRECT', items: [{ ...lines[0], product_code: spare }] }, handler })) },
    { name: 'processes', parent: (f) => `costModelVersion(id: $id) { ${f} }`, vars: '$id: Int!', variables: { id: version }, add: () => process({ cost_model_version_id: version }) },
    {
      name: 'followed_shipments',
      parent: (f) => `vessels(search: $mmsi) { data { ${f} } }`,
      vars: '$mmsi: String',
      variables: { mmsi: ship.mmsi },
      add: () => process({}, { maritime_transport_shipment: { tracking_key: 'VESSEL', vessel_id: ship.id } }),
    },
  ];
  return { all, parents };
}

/** The object the link hangs from in an answer (the vessel is the first of its list). */
const under = (data: any) => {
  const top = Object.values(data)[0] as any;
  return top?.data ? top.data[0] : top;
};

describe('GraphQL links by cursor', () => {
  let all: Link[];
  beforeAll(async () => {
    co = await newCompany();
    C = client(co.api_key);
    ({ all } = await links());
    for (const link of all) for (let i = 0; i < 3; i++) await link.add();
  });

  it('walks each of the seven links by cursor while rows are added between pages: each row once, in id order, as the list reads them', async () => {
    for (const link of all) {
      const page = `query (${link.vars}, $after: String) { ${link.parent(`${link.name}Connection(first: 2, after: $after) { edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage endCursor } }`)} }`;
      const seen: number[] = [];
      let after: string | null = null;
      for (let n = 0; n < 10; n++) {
        const { data } = await ask(page, { ...link.variables, after });
        const connection = under(data)[`${link.name}Connection`];
        expect(connection.pageInfo.hasPreviousPage, link.name).toBe(after !== null);
        seen.push(...connection.edges.map((e: any) => e.node.id));
        // A row added after the last page read is read from that page's cursor.
        if (n < 3) await link.add();
        else if (!connection.pageInfo.hasNextPage) break;
        after = connection.pageInfo.endCursor ?? after;
      }
      const { data } = await ask(`query (${link.vars}) { ${link.parent(`${link.name}(first: 100) { id }`)} }`, link.variables);
      const listed = under(data)[link.name].map((r: any) => r.id);
      expect(listed, link.name).toHaveLength(6);
      expect(seen, link.name).toEqual(listed);
      expect([...seen].sort((a, b) => a - b), link.name).toEqual(seen);
    }
  });
});

describe('GraphQL links by cursor: bad arguments, companies, statements and cost', () => {
  let all: Link[];
  beforeAll(async () => {
    co = await newCompany();
    C = client(co.api_key);
    ({ all } = await links());
    for (const link of all) for (let i = 0; i < 3; i++) await link.add();
  });

  /** The answer to one page of `link` with `args`, error and all. */
  const pageOf = (link: Link, args: string, variables: Record<string, unknown> = {}) =>
    graphql(co.api_key, `query (${link.vars}${args.includes('$after') ? ', $after: String' : ''}) { ${link.parent(`${link.name}Connection(${args}) { edges { cursor node { id } } pageInfo { endCursor } }`)} }`, { ...link.variables, ...variables });
  const cursorOf = async (link: Link) => {
    const res = await pageOf(link, 'first: 1');
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return under(res.body.data)[`${link.name}Connection`].pageInfo.endCursor as string;
  };

  it('answers a forged cursor, a cursor of another link or of a root list, and `first` out of range with BAD_REQUEST at the field path (HTTP 200)', async () => {
    const [purchase, sales, invoice] = all;
    const root = (await ask('{ productsConnection(first: 1) { pageInfo { endCursor } } }')).data.productsConnection.pageInfo.endCursor as string;
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const foreign = [
      'not-a-cursor',
      root,
      await cursorOf(sales),
      json({ sort: 'Product.purchase_order_items:id:al', values: ['1'] }),
      json({ sort: 'Product.purchase_order_items:id:al', values: [1, 2] }),
      'x'.repeat(300),
    ];
    for (const link of [purchase, invoice]) {
      for (const after of [...foreign, await cursorOf(link === purchase ? invoice : purchase)]) {
        const res = await pageOf(link, 'first: 2, after: $after', { after });
        expect(res.status).toBe(200);
        expect(res.body.errors, `${link.name} after ${after.slice(0, 40)}`).toMatchObject([
          { path: ['productByCode', `${link.name}Connection`], extensions: { code: 'BAD_REQUEST', fields: [{ name: 'after', message: 'is invalid' }] } },
        ]);
        expect(res.body.data).toEqual({ productByCode: null });
      }
    }
    // A cursor longer than any this API answers is refused before the query runs, as the lists' are (docs/limits.md).
    const long = await pageOf(purchase, 'after: $after', { after: 'x'.repeat(5000) });
    expect(long.body.errors).toMatchObject([{ path: ['productByCode'], extensions: { code: 'UNPROCESSABLE_ENTITY', fields: [{ name: 'after', message: 'is too long (maximum is 4096 characters)' }] } }]);
    for (const link of all) {
      for (const first of [0, 101]) {
        const res = await pageOf(link, `first: ${first}`);
        expect(res.status).toBe(200);
        expect(res.body.errors?.[0], `${link.name} first ${first}`).toMatchObject({ extensions: { code: 'BAD_REQUEST', fields: [{ name: 'first', message: 'is out of range' }] } });
        expect(res.body.errors[0].path.at(-1)).toBe(`${link.name}Connection`);
      }
    }
  });

  it('answers `pageInfo` alone, without `edges`, for each link', async () => {
    for (const link of all) {
      const { data } = await ask(`query (${link.vars}) { ${link.parent(`${link.name}Connection(first: 2) { pageInfo { hasNextPage hasPreviousPage startCursor } }`)} }`, link.variables);
      expect(under(data)[`${link.name}Connection`].pageInfo, link.name).toEqual({ hasNextPage: true, hasPreviousPage: false, startCursor: expect.any(String) });
    }
  });

  it("never links nor pages into another company's rows", async () => {
    const read = async () => {
      const out: Record<string, number[]> = {};
      for (const link of all) out[link.name] = under((await ask(`query (${link.vars}) { ${link.parent(`${link.name}Connection(first: 100) { edges { node { id } } }`)} }`, link.variables)).data)[`${link.name}Connection`].edges.map((e: any) => e.node.id);
      return out;
    };
    const before = await read();
    const other = await newCompany();
    const O = client(other.api_key);
    const vessel = all.find((l) => l.name === 'followed_shipments')!;
    const code = all[0].variables.code as string;
    const theirs = await O.post(`/operations/${other.operation.id}/processes`, {
      reference_code: uniq('LCT-'),
      foreign_trade_shipment: {
        type: 'MARITIME_TRANSPORT',
        maritime_transport_shipment: { tracking_key: 'VESSEL', vessel_id: (await C.get(`/vessels/${vessel.variables.mmsi}/current-voyage`)).body.data.id },
        invoices: [{ number: uniq('INV-'), emitted_at: '2031-01-01T00:00:00Z', incoterm: 'FOB', items: [{ product_sku: code, quantity: '1', shipment_quantity: '1' }] }],
      },
    });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const followed = await graphql(other.api_key, 'query ($mmsi: String) { vessels(search: $mmsi) { data { followed_shipmentsConnection { edges { node { id } } } } } }', vessel.variables);
    expect(followed.body.data.vessels.data[0].followed_shipmentsConnection.edges).toHaveLength(1);
    expect(await read()).toEqual(before);
    const mine = await graphql(other.api_key, `{ productByCode(code: "${code}") { purchase_order_itemsConnection { edges { node { id } } } } }`);
    expect(mine.body.data.productByCode).toBeNull();
    expect(mine.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});

describe('GraphQL links by cursor: statements and estimated cost', () => {
  const sets: { all: Link[]; parents: Parents }[] = [];
  beforeAll(async () => {
    co = await newCompany();
    C = client(co.api_key);
    for (let i = 0; i < 3; i++) sets.push(await links());
    for (const { all } of sets) for (const link of all) for (let i = 0; i < 3; i++) await link.add();
  });

  const query = (n: number) => `query ($products: [Int!], $actors: [Int!], $models: [Int!], $vessels: [Int!], $after: String) {
    products(ids: $products, limit: ${n}, order_by: [{ field: id }]) { data {
      purchase_order_itemsConnection(first: 2, after: $after) { edges { cursor node { id purchase_order { order { id } } } } pageInfo { hasNextPage endCursor } }
      sales_order_itemsConnection(first: 2) { edges { node { id sales_order { order { id } } } } pageInfo { hasNextPage } }
      invoice_itemsConnection(first: 2) { edges { node { id invoice { shipment { process { id } } } } } pageInfo { hasNextPage } }
    } }
    actors(ids: $actors, limit: ${n}, order_by: [{ field: id }]) { data {
      process_entriesConnection(first: 2) { edges { node { id process { id } } } pageInfo { hasNextPage } }
      order_entriesConnection(first: 2) { edges { node { id order { id } } } pageInfo { hasNextPage } }
    } }
    costModels(ids: $models, limit: ${n}, order_by: [{ field: id }]) { data { versions { processesConnection(first: 2) { edges { node { id reference_code } } pageInfo { hasNextPage } } } } }
    vessels(ids: $vessels, limit: ${n}, order_by: [{ field: id }]) { data { followed_shipmentsConnection(first: 2) { edges { node { id shipment { process { id } } } } pageInfo { hasNextPage } } } }
  }`;

  /** The same links as lists (`first` only), with the same fields under them. */
  const lists = (n: number) => `query ($products: [Int!], $actors: [Int!], $models: [Int!], $vessels: [Int!]) {
    products(ids: $products, limit: ${n}, order_by: [{ field: id }]) { data {
      purchase_order_items(first: 2) { id purchase_order { order { id } } }
      sales_order_items(first: 2) { id sales_order { order { id } } }
      invoice_items(first: 2) { id invoice { shipment { process { id } } } }
    } }
    actors(ids: $actors, limit: ${n}, order_by: [{ field: id }]) { data { process_entries(first: 2) { id process { id } } order_entries(first: 2) { id order { id } } } }
    costModels(ids: $models, limit: ${n}, order_by: [{ field: id }]) { data { versions { processes(first: 2) { id reference_code } } } }
    vessels(ids: $vessels, limit: ${n}, order_by: [{ field: id }]) { data { followed_shipments(first: 2) { id shipment { process { id } } } } }
  }`;

  it('reads the seven links of a page of 1 or of 3 parents in the same statements, with or without `after`', async () => {
    const variables = (n: number) => {
      const of = (k: keyof Parents) => sets.slice(0, n).map((s) => s.parents[k]);
      return { products: of('product'), actors: of('actor'), models: of('costModel'), vessels: of('vessel') };
    };
    const counts: number[] = [];
    let after: string | null = null;
    for (const withAfter of [false, true]) {
      for (const n of [1, 3]) {
        const { data, statements } = await ask(query(n), { ...variables(n), after: withAfter ? after : null });
        counts.push(statements);
        const rows = [...data.products.data, ...data.actors.data, ...data.costModels.data.flatMap((m: any) => m.versions), ...data.vessels.data];
        expect(rows).toHaveLength(4 * n);
        for (const row of rows) {
          for (const [name, connection] of Object.entries(row) as [string, any][]) {
            if (name === 'purchase_order_itemsConnection' && withAfter) continue;
            expect(connection.edges, name).toHaveLength(2);
            expect(connection.pageInfo.hasNextPage, name).toBe(true);
          }
        }
        after ??= data.products.data[0].purchase_order_itemsConnection.pageInfo.endCursor;
        if (withAfter) expect(data.products.data[0].purchase_order_itemsConnection.edges).toHaveLength(1);
      }
    }
    expect(new Set(counts).size, `statements at 1, 3 parents, then with after: ${counts.join(', ')}`).toBe(1);
    // The six relation links cost what their lists cost: nothing beyond the statements of their parents.
    const without = (q: string) => q.replace(/\n\s*invoice_items\S* ?\(first: 2\) \{.*\n/, '\n');
    const listed = (await ask(without(lists(3)), variables(3))).statements;
    expect((await ask(without(query(3)), { ...variables(3), after: null })).statements).toBe(listed);
    // `invoice_itemsConnection`, read by code, one more than its list when its nodes select relations (docs/graphql.md, "Paging a link").
    expect(counts[0]).toBe((await ask(lists(3), variables(3))).statements + 1);
  });

  it('weighs `first` of a link connection in the estimated cost as it weighs the list of linked records', async () => {
    const cost = async (query: string) => {
      const res = await graphql(co.api_key, query);
      return res.status === 400 ? (res.body.errors[0].message as string) : 'accepted';
    };
    const list = (n: number) => `{ products(limit: 100) { data { purchase_order_items(first: ${n}) { id line_reference } } } }`;
    const connection = (n: number) => `{ products(limit: 100) { data { purchase_order_itemsConnection(first: ${n}) { edges { node { id line_reference } } } } } }`;
    expect(await cost(list(100))).toMatch(/cost limit of 20000/);
    expect(await cost(connection(100))).toMatch(/cost limit of 20000/);
    expect(await cost(list(50))).toBe('accepted');
    expect(await cost(connection(50))).toBe('accepted');
    // A variable `first` counts as the largest page.
    const res = await fetch(`${baseUrl()}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', 'api-key': co.api_key },
      body: JSON.stringify({ query: 'query ($n: Int) { products(limit: 100) { data { purchase_order_itemsConnection(first: $n) { edges { node { id line_reference } } } } } }', variables: { n: 1 } }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].message).toMatch(/cost limit of 20000/);
  });
});
