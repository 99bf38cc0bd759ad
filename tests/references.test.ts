// References inside a body are checked before anything is written (docs/limits.md, References
// between records; docs/processes/foreign_trade_shipment.md, Shipment items and order lines):
// ids must be the caller's, order lines must belong to an order linked to the process, a line
// reference resolves to its line, and no line ships more than its quantity.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, client, newCompany, routeOf, uniq, type TestCompany } from './helpers.ts';

type Client = ReturnType<typeof client>;
const en = 'locale=en-US';

/** A purchase order with lines 10 and 20 of the given quantities; answers its id and line ids. */
async function purchaseOrder(C: Client, op: number, quantities = ['10', '5']) {
  const product = uniq('PRD-');
  expect((await C.post('/products', { code: product, description: 'Valve' })).status).toBe(201);
  const res = await C.post(`/operations/${op}/orders`, {
    reference_code: uniq('ORC-'),
    purchase_order: { type: 'DIRECT', items: quantities.map((quantity, i) => ({ line_reference: String((i + 1) * 10), product_code: product, quantity })) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const order = (await C.get(`/operations/${op}/orders/${res.body.data.id}`)).body.data;
  return { id: order.id as number, lines: order.purchase_order.items.map((i: { id: number }) => i.id) as number[] };
}

describe('references between records', () => {
  let a: TestCompany;
  let A: Client;
  let P: string;

  beforeAll(async () => {
    a = await newCompany();
    A = client(a.api_key);
    P = `/operations/${a.operation.id}/processes`;
  });

  const ship = (orderIds: number[], items: Record<string, unknown>[]) =>
    A.post(P, { reference_code: uniq('PRC-'), order_ids: orderIds, foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', items } }, en);

  it('refuses an order line of an order not linked to the process, or of another company, on that field', async () => {
    const linked = await purchaseOrder(A, a.operation.id);
    const other = await purchaseOrder(A, a.operation.id);
    const b = await newCompany();
    const foreign = await purchaseOrder(client(b.api_key), b.operation.id);
    const res = await ship([linked.id], [
      { purchase_order_item_id: other.lines[0], quantity: '1' },
      { purchase_order_item_id: foreign.lines[0], quantity: '1' },
      { purchase_order_item_id: linked.lines[0], line_reference: '20', quantity: '1' },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.fields).toEqual([
      { name: 'foreign_trade_shipment.items.0.purchase_order_item_id', message: 'is not a line of an order linked to the process' },
      { name: 'foreign_trade_shipment.items.1.purchase_order_item_id', message: 'does not exist' },
      { name: 'foreign_trade_shipment.items.2.line_reference', message: 'is invalid' },
    ]);
  });

  it('links an item sent with only its line reference to that line of a linked order', async () => {
    const order = await purchaseOrder(A, a.operation.id);
    const res = await ship([order.id], [{ line_reference: '20', quantity: '2' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const item = (await A.get(`${P}/${res.body.data.id}`)).body.data.foreign_trade_shipment.items[0];
    expect(item).toMatchObject({ line_reference: '20', purchase_order_item: { id: order.lines[1], balance: '3' } });
    const unknown = await ship([order.id], [{ line_reference: '99', quantity: '1' }]);
    expect(unknown.body.fields).toEqual([{ name: 'foreign_trade_shipment.items.0.line_reference', message: 'does not exist' }]);
    const second = await purchaseOrder(A, a.operation.id);
    const both = await ship([order.id, second.id], [{ line_reference: '10', quantity: '1' }]);
    expect(both.body.fields).toEqual([{ name: 'foreign_trade_shipment.items.0.line_reference', message: 'matches lines of several linked orders' }]);
  });

  it('ships up to the open balance of a line and refuses one unit more, counting every live process', async () => {
    const order = await purchaseOrder(A, a.operation.id, ['10']);
    const first = await ship([order.id], [{ purchase_order_item_id: order.lines[0], quantity: '6' }]);
    expect(first.status).toBe(201);
    const over = await ship([order.id], [{ purchase_order_item_id: order.lines[0], quantity: '4.0001' }]);
    expect(over.status).toBe(422);
    expect(over.body.fields).toEqual([{ name: 'foreign_trade_shipment.items.0.quantity', message: 'exceeds the open balance of the order line' }]);
    const rest = await ship([order.id], [{ purchase_order_item_id: order.lines[0], quantity: '4' }]);
    expect(rest.status).toBe(201);
    const line = (await A.get(`/operations/${a.operation.id}/orders/${order.id}`)).body.data.purchase_order.items[0];
    expect(line).toMatchObject({ balance: '0', balance_shipped: '10' });
    // A canceled process ships nothing: its quantity is open again.
    expect((await A.put(`${P}/${first.body.data.id}/cancel`)).status).toBe(200);
    expect((await ship([order.id], [{ purchase_order_item_id: order.lines[0], quantity: '6' }])).status).toBe(201);
  });

  it('refuses lowering an order line below what is already shipped of it, by the order and by the line route', async () => {
    const order = await purchaseOrder(A, a.operation.id, ['10', '5']);
    expect((await ship([order.id], [{ purchase_order_item_id: order.lines[0], quantity: '6' }])).status).toBe(201);
    const O = `/operations/${a.operation.id}/orders`;
    const { reference_code: code, purchase_order: po } = (await A.get(`${O}/${order.id}`)).body.data;
    const items = (first: string) => po.items.map((i: { line_reference: string; product: { code: string } }, n: number) => ({
      line_reference: i.line_reference, product_code: i.product.code, quantity: n === 0 ? first : '5',
    }));
    const lowered = await A.put(`${O}/${order.id}`, { purchase_order: { type: 'DIRECT', items: items('5.9999') } }, en);
    expect(lowered.status).toBe(422);
    expect(lowered.body.fields).toEqual([{ name: 'purchase_order.items.0.quantity', message: 'exceeds the open balance of the order line' }]);
    const byLine = await A.put(`${O}/${code}/purchase-order-items/10`, { line_reference: '10', quantity: '3' }, en);
    expect(byLine.status).toBe(422);
    expect(byLine.body.fields).toEqual([{ name: 'quantity', message: 'exceeds the open balance of the order line' }]);
    const batch = await A.put(O, [{ reference_code: code, purchase_order: { type: 'DIRECT', items: items('1') } }], en);
    expect(batch.status).toBe(422);
    expect(batch.body.fields).toEqual([{ name: '0.purchase_order.items.0.quantity', message: 'exceeds the open balance of the order line' }]);
    // Nothing was written; down to exactly what is shipped is allowed.
    expect((await A.get(`${O}/${order.id}`)).body.data.purchase_order.items[0]).toMatchObject({ quantity: '10', balance: '4' });
    expect((await A.put(`${O}/${order.id}`, { purchase_order: { type: 'DIRECT', items: items('6') } })).status).toBe(200);
    expect((await A.get(`${O}/${order.id}`)).body.data.purchase_order.items[0]).toMatchObject({ balance: '0', balance_shipped: '6' });
  });

  it('refuses leaving out a shipped line of an order while its process lives, and lets it go once the process is deleted', async () => {
    const order = await purchaseOrder(A, a.operation.id, ['10', '5']);
    const shipped = await ship([order.id], [{ purchase_order_item_id: order.lines[0], quantity: '6' }]);
    expect(shipped.status).toBe(201);
    const O = `/operations/${a.operation.id}/orders`;
    const { purchase_order: po } = (await A.get(`${O}/${order.id}`)).body.data;
    const onlySecond = { purchase_order: { type: 'DIRECT', items: [{ line_reference: '20', product_code: po.items[1].product.code, quantity: '5' }] } };
    const refused = await A.put(`${O}/${order.id}`, onlySecond, en);
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toEqual([{ name: 'purchase_order.items', message: 'leaves out a line that is on a shipment' }]);
    // A canceled process may come back, so it still holds the line.
    expect((await A.put(`${P}/${shipped.body.data.id}/cancel`)).status).toBe(200);
    expect((await A.put(`${O}/${order.id}`, onlySecond, en)).status).toBe(422);
    expect((await A.del(`${P}/${shipped.body.data.id}`)).status).toBe(200);
    expect((await A.put(`${O}/${order.id}`, onlySecond, en)).status).toBe(200);
    expect((await A.get(`${O}/${order.id}`)).body.data.purchase_order.items.map((i: { line_reference: string }) => i.line_reference)).toEqual(['20']);
  });

  it('refuses bringing back a canceled process whose items no longer fit the lines\' balances', async () => {
    const order = await purchaseOrder(A, a.operation.id, ['10']);
    const first = await ship([order.id], [{ purchase_order_item_id: order.lines[0], quantity: '6' }]);
    expect((await A.put(`${P}/${first.body.data.id}/cancel`)).status).toBe(200);
    expect((await ship([order.id], [{ purchase_order_item_id: order.lines[0], quantity: '5' }])).status).toBe(201);
    const back = await A.put(`${P}/${first.body.data.id}/uncancel`, undefined, en);
    expect(back.status).toBe(422);
    expect(back.body.fields).toEqual([{ name: 'foreign_trade_shipment.items.0.quantity', message: 'exceeds the open balance of the order line' }]);
    expect((await A.get(`${P}/${first.body.data.id}`)).body.data.canceled_at).not.toBeNull();
  });

  it('checks courier and transportable ids against the caller\'s rows and the process\'s own transportables', async () => {
    const carrier = await A.post('/partnerships', { name: uniq('Courier '), internal_code: uniq('C-'), roles: [{ role: 'INTEGRATOR' }] });
    expect(carrier.status, JSON.stringify(carrier.body)).toBe(201);
    const courierId = carrier.body.data.partner.id;
    const route = await routeOf(a.api_key);
    const parcel = (courier_id: number) => ({ slug: 'dhl', tracking_number: uniq('TRK'), courier_id });
    const created = await A.post(P, {
      reference_code: uniq('PRC-'),
      foreign_trade_shipment: { type: 'ROAD_TRANSPORT', parcel_shipments: [parcel(courierId)], transportables: [{ type: 'CARGO', cargo: { quantity: '3', measurement_unit: 'PALLETS' } }] },
    }, en);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = (await A.get(`${P}/${created.body.data.id}`)).body.data.foreign_trade_shipment;
    const other = await A.post(P, { reference_code: uniq('PRC-'), foreign_trade_shipment: { transportables: [{ type: 'CARGO', cargo: { quantity: '1', measurement_unit: 'PALLETS' } }] } });
    const otherTransportable = (await A.get(`${P}/${other.body.data.id}`)).body.data.foreign_trade_shipment.transportables[0].id;
    const trip = (ids: number[]) => ({ route_id: route.id, leg_slug: 'leg', trips: [{ position: 1, transportable_ids: ids }] });
    const bad = await A.put(`${P}/${created.body.data.id}`, {
      foreign_trade_shipment: { parcel_shipments: [parcel(987654321)], national_road_transports: [trip([stored.transportables[0].id, otherTransportable])] },
    }, en);
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual(expect.arrayContaining([
      { name: 'foreign_trade_shipment.parcel_shipments.0.courier_id', message: 'does not exist' },
      { name: 'foreign_trade_shipment.national_road_transports.0.trips.0.transportable_ids.1', message: 'does not exist' },
    ]));
    expect(bad.body.fields.map((f: { name: string }) => f.name)).not.toContain('foreign_trade_shipment.national_road_transports.0.trips.0.transportable_ids.0');
    expect((await A.get(`${P}/${created.body.data.id}`)).body.data.foreign_trade_shipment.parcel_shipments[0].courier_id).toBe(courierId);
  });
});

type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };
type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>; components: { schemas: Record<string, Schema> } };

/** Every id field of an input schema, as the path of keys to it (list entries as index 0), up to 4 levels down. */
function idFields(doc: Doc, schema: Schema, at: string[] = [], out: string[][] = []): string[][] {
  const resolve = (s: Schema | undefined): Schema => (!s ? {} : s.$ref ? resolve(doc.components.schemas[s.$ref.split('/').pop()!]) : s.anyOf ? resolve(s.anyOf.find((x) => x.type !== 'null')) : s);
  const s = resolve(schema);
  if (at.length > 6) return out;
  for (const [name, p] of Object.entries(s.properties ?? {})) {
    const r = resolve(p);
    const type = Array.isArray(r.type) ? r.type.find((t) => t !== 'null') : r.type;
    if (type === 'integer' && /(^|_)id$/.test(name)) out.push([...at, name]);
    else if (type === 'array' && /_ids$/.test(name)) out.push([...at, name, '0']);
    else if (type === 'object') idFields(doc, r, [...at, name], out);
    else if (type === 'array' && resolve(r.items).properties) idFields(doc, resolve(r.items), [...at, name, '0'], out);
  }
  return out;
}

/** A body holding `value` at the path of keys `at` (numeric keys make lists). */
function bodyAt(at: string[], value: unknown): unknown {
  if (!at.length) return value;
  const inner = bodyAt(at.slice(1), value);
  return /^\d+$/.test(at[0]) ? [inner] : { [at[0]]: inner };
}

describe('every id in a body', () => {
  it('answers 422 "does not exist" on the field for an id that is not one of the caller\'s, on every create route', async () => {
    const co = await newCompany();
    const doc = (await (await fetch(`${baseUrl()}/openapi.json`)).json()) as Doc;
    const unchecked: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.post;
      const media = op?.requestBody?.content['application/json'];
      // Create routes of collections: every path parameter is the caller's operation.
      if (!media || /\{(?!operation_id\})\w+\}/.test(path)) continue;
      const params = (media.schema.properties?.params ?? {}) as Schema;
      // Handler map entries are matched by role: their `id` is read only in the deprecated list (docs/handlers.md).
      for (const at of idFields(doc, params).filter((a) => !(a[0] === 'handler' && a[2] === 'id'))) {
        const res = await api('POST', path.replace('{operation_id}', String(co.operation.id)), { key: co.api_key, body: { params: bodyAt(at, 987654321) }, query: en });
        const name = at.join('.');
        const fields = (res.body?.fields ?? []) as { name: string; message: string }[];
        if (!fields.some((f) => f.name === name && /does not exist|is not a line/.test(f.message))) unchecked.push(`POST ${path} ${name}: ${res.status} ${JSON.stringify(fields.filter((f) => f.name === name))}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect(unchecked).toEqual([]);
  });
});
