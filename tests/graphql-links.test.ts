// Links both ways in GraphQL (docs/graphql.md, "Links"): an order's processes and a process's
// orders as whole records, order lines up to their order, a product's order lines, an actor's
// process entries, a cost model version's processes, a cost's expense, a delivery's endpoint, and
// a vessel's sea transports of the asking company.
// They are read in the statements of the page (no statement per row), answer GraphQL only (the
// REST answers keep their documented shapes), and never reach another company's rows.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeStatic } from '../graph/logistics/ais-encode.ts';
import { baseUrl, client, costModelOf, graphql, newCompany, routeOf, uniq, type TestCompany } from './helpers.ts';

let co: TestCompany;
let C: ReturnType<typeof client>;
const op = () => co.operation.id;

/** A purchase order of `lines` lines of `product`, linked later to processes. */
async function order(product: string, lines = 2) {
  const res = await C.post(`/operations/${op()}/orders`, {
    reference_code: uniq('LNK-'),
    purchase_order: { type: 'DIRECT', items: Array.from({ length: lines }, (_, i) => ({ line_reference: String((i + 1) * 10), product_code: product, quantity: '5.0000' })) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; reference_code: string };
}

/** A process linked to `orders`, following `costModelVersionId` when given. */
async function process(orders: number[], costModelVersionId?: number) {
  const res = await C.post(`/operations/${op()}/processes`, {
    reference_code: uniq('PLNK-'),
    order_ids: orders,
    ...(costModelVersionId ? { cost_model_version_id: costModelVersionId } : {}),
    foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', eta: '2031-05-10T00:00:00Z' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; reference_code: string };
}

async function ask(query: string, variables: Record<string, unknown> = {}) {
  const res = await graphql(co.api_key, query, variables);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return { data: res.body.data, statements: Number(res.headers.get('x-sql-statements')) };
}

describe('GraphQL links', () => {
  let product: string;
  beforeAll(async () => {
    co = await newCompany();
    C = client(co.api_key);
    product = uniq('LP-');
    expect((await C.post('/products', { code: product, description: 'Linked valve' })).status).toBe(201);
  });

  it('answers an order with its processes as whole records, and a process with its orders and their lines', async () => {
    const o = await order(product);
    const p = await process([o.id]);
    const { data } = await ask(
      `query ($op: Int!, $order: Int!, $process: Int!) {
        order(operation_id: $op, id: $order) { processes { id reference_code process { alert_level foreign_trade_shipment { eta } orders { id } } } }
        process(operation_id: $op, id: $process) { orders { id order { reference_code purchase_order { items { line_reference product { code } purchase_order { order { id } } } } } } }
      }`,
      { op: op(), order: o.id, process: p.id },
    );
    expect(data.order.processes).toEqual([
      { id: p.id, reference_code: p.reference_code, process: { alert_level: 'NORMAL', foreign_trade_shipment: { eta: '2031-05-10T00:00:00Z' }, orders: [{ id: o.id }] } },
    ]);
    expect(data.process.orders).toEqual([
      {
        id: o.id,
        order: {
          reference_code: o.reference_code,
          purchase_order: { items: ['10', '20'].map((line) => ({ line_reference: line, product: { code: product }, purchase_order: { order: { id: o.id } } })) },
        },
      },
    ]);
  });

  it('keeps the REST answers as documented: an order lists its processes as id and reference code only', async () => {
    const o = await order(product, 1);
    await process([o.id]);
    const res = await C.get(`/operations/${op()}/orders/${o.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.processes[0]).sort()).toEqual(['id', 'reference_code']);
    expect(Object.keys(res.body.data.purchase_order)).not.toContain('order');
    expect(Object.keys(res.body.data.purchase_order.items[0])).not.toContain('purchase_order');
  });

  it("answers a product's order lines, an actor's process entries, a version's processes, a cost's expense", async () => {
    const own = uniq('LQ-');
    expect((await C.post('/products', { code: own, description: 'Counted valve' })).status).toBe(201);
    const orders = [await order(own, 1), await order(own, 1), await order(own, 1)];
    const model = await costModelOf(co.api_key);
    const version = model.versions[0];
    const p = await process(
      orders.map((o) => o.id),
      version.id,
    );
    const { data } = await ask(
      `query ($code: String!, $version: Int!) {
        productByCode(code: $code) { purchase_order_items(first: 2) { line_reference purchase_order { order { id } } } sales_order_items { id } }
        costModelVersion(id: $version) { processes { id reference_code } }
      }`,
      { code: own, version: version.id },
    );
    expect(data.productByCode.purchase_order_items.map((i: any) => i.purchase_order.order.id)).toEqual(orders.slice(0, 2).map((o) => o.id));
    expect(data.productByCode.sales_order_items).toEqual([]);
    expect(data.costModelVersion.processes).toEqual([{ id: p.id, reference_code: p.reference_code }]);

    const actor = await C.post('/partnerships', { name: uniq('Broker '), internal_code: uniq('BRK-'), roles: [{ role: 'CUSTOMS_BROKER' }] });
    expect(actor.status).toBe(201);
    const actorId = actor.body.data.partner.id as number;
    const slot = co.operation.handlers.find((h) => h.role === 'customs_broker')!.id;
    const handled = await C.put(`/operations/${op()}/processes/${p.id}`, { handler: { customs_broker: { operation_handler_id: slot, actor_id: actorId } } });
    expect(handled.status, JSON.stringify(handled.body)).toBe(200);
    const orderHandled = await C.put(`/operations/${op()}/orders/${orders[0].id}`, { handler: { customs_broker: { operation_handler_id: slot, actor_id: actorId } } });
    expect(orderHandled.status, JSON.stringify(orderHandled.body)).toBe(200);
    const entries = await ask(
      'query ($id: Int!) { actor(id: $id) { process_entries { operation_handler { role } process { id } } order_entries { order { id } } partnership { internal_code roles { role } } } }',
      { id: actorId },
    );
    expect(entries.data.actor.process_entries).toEqual([{ operation_handler: { role: 'customs_broker' }, process: { id: p.id } }]);
    expect(entries.data.actor.order_entries).toEqual([{ order: { id: orders[0].id } }]);
    expect(entries.data.actor.partnership).toEqual({ internal_code: expect.stringMatching(/^BRK-/), roles: [{ role: 'CUSTOMS_BROKER' }] });
  });

  it("answers a vessel's followed sea transports of the asking company only, up to their process", async () => {
    const mmsi = `710${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const feed = encodeStatic({ mmsi: Number(mmsi), name: 'TT LINKED', eta: { month: 3, day: 10, hour: 12, minute: 0 }, destination: 'BRSSZ' });
    const imported = await fetch(`${baseUrl()}/admin/imports/ais`, { method: 'POST', headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' }, body: feed.join('\n') });
    expect(imported.status).toBe(200);
    const vesselId = (await C.get(`/vessels/${mmsi}/current-voyage`)).body.data.id as number;
    const follow = async (as: ReturnType<typeof client>, operation: number) => {
      const res = await as.post(`/operations/${operation}/processes`, {
        reference_code: uniq('PV-'),
        foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', maritime_transport_shipment: { tracking_key: 'VESSEL', vessel_id: vesselId } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.id as number;
    };
    const mine = await follow(C, op());
    const other = await newCompany();
    await follow(client(other.api_key), other.operation.id);
    const { data } = await ask('query ($mmsi: String!) { vessels(search: $mmsi) { data { mmsi_number followed_shipments { vessel { id } shipment { process { id } } } } } }', { mmsi });
    expect(data.vessels.data).toEqual([{ mmsi_number: mmsi, followed_shipments: [{ vessel: { id: vesselId }, shipment: { process: { id: mine } } }] }]);
  });

  it('reads the links of a page in the same number of statements whatever its size', async () => {
    const counted = uniq('LC-');
    expect((await C.post('/products', { code: counted, description: 'Paged valve' })).status).toBe(201);
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await order(counted, 1));
    await process(made.map((o) => o.id));
    // The page size is a literal: the estimated cost counts a variable one as the largest page.
    const query = (limit: number) => `query ($op: Int!, $ids: [Int!]) {
      orders(operation_id: $op, ids: $ids, limit: ${limit}) { data { processes { process { orders { order { purchase_order { items { line_reference purchase_order { order { id } } } } } } } } } }
      productByCode(code: "${counted}") { purchase_order_items(first: ${limit}) { purchase_order { order { processes { id } } } } }
    }`;
    const counts = [];
    for (const limit of [1, 3, 6]) {
      const { data, statements } = await ask(query(limit), { op: op(), ids: made.map((o) => o.id) });
      expect(data.productByCode.purchase_order_items).toHaveLength(limit);
      expect(data.orders.data).toHaveLength(limit);
      counts.push(statements);
    }
    expect(new Set(counts).size, `statements at 1, 3, 6 orders: ${counts.join(', ')}`).toBe(1);
  });

  it('refuses a `first` out of range with BAD_REQUEST on that argument', async () => {
    const res = await graphql(co.api_key, 'query ($code: String!) { productByCode(code: $code) { purchase_order_items(first: 101) { id } } }', { code: product });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('answers the records integer columns name: the route, road carrier and courier of a shipment, the invoice and parent of a document', async () => {
    const partner = async () => {
      const res = await C.post('/partnerships', { name: uniq('Carrier '), internal_code: uniq('C-'), roles: [{ role: 'FREIGHT_FORWARDER' }] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.partner.id as number;
    };
    const route = await routeOf(co.api_key);
    const [carrier, courier] = [await partner(), await partner()];
    const made = async () => {
      const res = await C.post(`/operations/${op()}/processes`, {
        reference_code: uniq('REF-'),
        foreign_trade_shipment: {
          type: 'ROAD_TRANSPORT',
          route_id: route.id,
          invoices: [{ number: uniq('INV-'), emitted_at: '2031-01-01T00:00:00Z', incoterm: 'CIF', items: [{ product_sku: 'A', quantity: '1', shipment_quantity: '1' }] }],
          parcel_shipments: [{ slug: 'dhl', tracking_number: '1234567890', courier_id: courier }],
          national_road_transports: [{ leg_slug: 'leg', route_id: route.id, national_road_carrier_id: carrier }],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const id = res.body.data.id as number;
      const invoice = (await C.get(`/operations/${op()}/processes/${id}`)).body.data.foreign_trade_shipment.invoices[0].id as number;
      const upload = async (fields: Record<string, string>) => {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append('file', new Blob(['x'], { type: 'text/plain' }), 'note.txt');
        const res = await fetch(`${baseUrl()}/api/operations/${op()}/processes/${id}/documents`, { method: 'POST', headers: { 'api-key': co.api_key }, body: form });
        expect(res.status).toBe(201);
        return ((await res.json()) as { data: { id: number } }).data.id;
      };
      const parent = await upload({ type: 'OTHER', invoice_id: String(invoice) });
      await upload({ type: 'OTHER', parent_document_id: String(parent) });
      return { id, invoice, parent };
    };
    const processes = [await made(), await made(), await made()];
    const query = `query ($op: Int!, $ids: [Int!]) {
      processes(operation_id: $op, ids: $ids, limit: 3, order_by: [{ field: id }]) { data {
        foreign_trade_shipment {
          route { id name }
          parcel_shipments { courier { id official_name } }
          national_road_transports { national_road_carrier { id } }
        }
        documents { id invoice { id number } parent_document { id invoice { id } } }
      } }
    }`;
    const one = await ask(query, { op: op(), ids: processes.slice(0, 1).map((p) => p.id) });
    const three = await ask(query, { op: op(), ids: processes.map((p) => p.id) });
    expect(three.statements, `statements at 1 and 3 processes: ${one.statements}, ${three.statements}`).toBe(one.statements);
    for (const [i, p] of processes.entries()) {
      const got = three.data.processes.data[i];
      expect(got.foreign_trade_shipment.route.id).toBe(route.id);
      expect(got.foreign_trade_shipment.parcel_shipments[0].courier.id).toBe(courier);
      expect(got.foreign_trade_shipment.national_road_transports[0].national_road_carrier).toEqual({ id: carrier });
      const [parent, child] = got.documents;
      expect(parent).toMatchObject({ id: p.parent, invoice: { id: p.invoice }, parent_document: null });
      expect(child).toMatchObject({ invoice: null, parent_document: { id: p.parent, invoice: { id: p.invoice } } });
    }
    // A soft-deleted route is gone: its id stays in the shipment, the link answers null.
    expect((await graphql(co.api_key, `mutation { deleteRoute(id: ${route.id}) { userErrors { code } } }`)).body.data.deleteRoute.userErrors).toEqual([]);
    const after = await ask(query, { op: op(), ids: processes.slice(0, 1).map((p) => p.id) });
    expect(after.data.processes.data[0].foreign_trade_shipment.route).toBeNull();
  });

  it("answers a product's invoice lines of live processes by its code, up to the process, in the same statements for 1 and 3 products", async () => {
    const codes = [uniq('IV-'), uniq('IV-'), uniq('IV-')];
    const ids: number[] = [];
    for (const code of codes) {
      const res = await C.post('/products', { code, description: 'Invoiced valve' });
      expect(res.status).toBe(201);
      ids.push(res.body.data.id);
    }
    const invoiced = async (as: ReturnType<typeof client>, operation: number, lines: string[]) => {
      const res = await as.post(`/operations/${operation}/processes`, {
        reference_code: uniq('PIV-'),
        foreign_trade_shipment: {
          type: 'MARITIME_TRANSPORT',
          invoices: [{ number: uniq('INV-'), emitted_at: '2031-01-01T00:00:00Z', incoterm: 'FOB', items: lines.map((sku) => ({ product_sku: sku, quantity: '2', shipment_quantity: '2' })) }],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data as { id: number; reference_code: string };
    };
    const first = await invoiced(C, op(), codes);
    const second = await invoiced(C, op(), [codes[0]]);
    const gone = await invoiced(C, op(), [codes[0]]);
    expect((await C.del(`/operations/${op()}/processes/${gone.id}`)).status).toBe(200);
    const other = await newCompany();
    await invoiced(client(other.api_key), other.operation.id, [codes[0]]);
    const query = (n: number) => `query ($ids: [Int!]) {
      products(ids: $ids, limit: ${n}, order_by: [{ field: id }]) { data { code invoice_items { product_sku invoice { shipment { process { reference_code } } } } } }
    }`;
    const one = await ask(query(1), { ids: ids.slice(0, 1) });
    const three = await ask(query(3), { ids });
    expect(three.statements, `statements at 1 and 3 products: ${one.statements}, ${three.statements}`).toBe(one.statements);
    const processesOf = (i: number) => three.data.products.data[i].invoice_items.map((l: any) => l.invoice.shipment.process.reference_code);
    expect(processesOf(0)).toEqual([first.reference_code, second.reference_code]);
    expect(processesOf(1)).toEqual([first.reference_code]);
    expect(processesOf(2)).toEqual([first.reference_code]);
    const limited = await ask(`{ productByCode(code: "${codes[0]}") { invoice_items(first: 1) { product_sku } } }`);
    expect(limited.data.productByCode.invoice_items).toEqual([{ product_sku: codes[0] }]);
  });

  it("never links to another company's rows", async () => {
    const other = await newCompany();
    const mine = await order(product, 1);
    await process([mine.id]);
    const res = await graphql(other.api_key, 'query ($op: Int!, $id: Int!) { order(operation_id: $op, id: $id) { processes { process { id } } } }', { op: op(), id: mine.id });
    expect(res.body.data.order).toBeNull();
    expect(res.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
