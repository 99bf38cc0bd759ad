// Nested child ids belong to the parent written (docs/limits.md, "References between records").
// The lists are generated from the schema: every list of input objects with an `id` field
// under a mutation's arguments, recursively. For each one, over REST: another parent's child,
// another company's child and an unknown id answer 422 on that `id`, on a stored parent and on
// a new one, one by one and in batches, and nothing is written.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildClientSchema, buildSchema, getIntrospectionQuery, getNamedType, getNullableType, isInputObjectType, isListType, type GraphQLInputObjectType, type GraphQLSchema } from 'graphql';
import { client, graphql, newCompany, routeOf, uniq, type TestCompany } from './helpers.ts';

type Client = ReturnType<typeof client>;
type Params = Record<string, any>;
const en = 'locale=en-US';
const UNKNOWN = 2_147_480_000;

/** Every nested list carrying an `id` in the inputs of `schema`'s mutations, as the root input type and the field path from it. */
function idLists(schema: GraphQLSchema): { root: string; path: string[] }[] {
  const out = new Map<string, { root: string; path: string[] }>();
  const walk = (root: string, type: GraphQLInputObjectType, path: string[]) => {
    for (const [name, f] of Object.entries(type.getFields())) {
      const named = getNamedType(f.type);
      if (!isInputObjectType(named) || path.length > 10) continue;
      const at = [...path, name];
      if (isListType(getNullableType(f.type)) && 'id' in named.getFields()) out.set(`${root}.${at.join('.')}`, { root, path: at });
      walk(root, named, at);
    }
  };
  for (const m of Object.values(schema.getMutationType()!.getFields())) {
    for (const arg of m.args) {
      const named = getNamedType(arg.type);
      if (isInputObjectType(named)) walk(named.name, named, []);
    }
  }
  return [...out.values()];
}

/** The first entry of every list along `path` in `tree` (read back or sent), ending with the list's first entry. */
function entryAt(tree: Params, path: string[]): Params {
  let node: any = tree;
  for (const k of path) {
    node = node?.[k];
    if (Array.isArray(node)) node = node[0];
  }
  expect(node, `an entry at ${path.join('.')}`).toBeTruthy();
  return node;
}

/** The error field of the list's first entry's `id`: lists along the path indexed 0. */
function fieldOf(stored: Params, path: string[], prefix = ''): string {
  const names: string[] = [];
  let node: any = stored;
  for (const k of path) {
    names.push(k);
    node = node?.[k];
    if (Array.isArray(node)) {
      names.push('0');
      node = node[0];
    }
  }
  return `${prefix}${names.join('.')}.id`;
}

/** An update of `stored` sending at `path` one entry (`entry`), each list above it kept by its own first entry's id. */
function updateAt(stored: Params, path: string[], entry: Params): Params {
  const [k, ...rest] = path;
  if (!rest.length) return { [k]: [entry] };
  const child = stored[k];
  if (Array.isArray(child)) return { [k]: [{ id: child[0].id, ...updateAt(child[0], rest, entry) }] };
  return { [k]: updateAt(child, rest, entry) };
}

/** A copy of `params` whose first entry at `path` carries `id`. */
function withIdAt(params: Params, path: string[], id: number): Params {
  const copy = structuredClone(params);
  entryAt(copy, path).id = id;
  return copy;
}

/** What one company needs to build parents with every nested list filled. */
interface Fixtures {
  C: Client;
  co: TestCompany;
  product: string;
  order: { id: number; items: number[] };
  route: { id: number; points: number[] };
  actor: number;
}

async function fixturesOf(co: TestCompany): Promise<Fixtures> {
  const C = client(co.api_key);
  const product = uniq('PRD-');
  expect((await C.post('/products', { code: product, description: 'Valve' })).status).toBe(201);
  const partner = await C.post('/partnerships', { name: uniq('Partner '), internal_code: uniq('P-'), roles: [{ role: 'IMPORTER' }, { role: 'CUSTOMS_BROKER' }] });
  expect(partner.status, JSON.stringify(partner.body)).toBe(201);
  const made = await C.post(`/operations/${co.operation.id}/orders`, {
    reference_code: uniq('ORC-'),
    purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: product, quantity: '100000.0000' }, { line_reference: '20', product_code: product, quantity: '5000.0000' }] },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const order = (await C.get(`/operations/${co.operation.id}/orders/${made.body.data.id}`)).body.data;
  return { C, co, product, order: { id: order.id, items: order.purchase_order.items.map((i: any) => i.id) }, route: await routeOf(co.api_key), actor: partner.body.data.partner.id };
}

const slot = (f: Fixtures, role: string) => f.co.operation.handlers.find((h) => h.role === role)!.id;

/** What a write answered: its status and the fields at fault, named inside `params`. */
type Answer = { status: number; body: any };

/** How a parent of one kind is written and read: REST, or GraphQL where REST has no write. */
interface Resource {
  /** Valid params of a new parent with at least one entry in every nested list. */
  params(f: Fixtures): Params;
  create(f: Fixtures, params: Params): Promise<Answer>;
  update(f: Fixtures, id: number, params: Params): Promise<Answer>;
  read(f: Fixtures, id: number): Promise<Answer>;
  /** The natural key: its field, the update by key, the batch upsert, the read by key. */
  key?: {
    field: string;
    update(f: Fixtures, code: string, params: Params): Promise<Answer>;
    batch(f: Fixtures, list: Params[]): Promise<Answer>;
    read(f: Fixtures, code: string): Promise<Answer>;
  };
}

/** A REST resource: POST and batch PUT on `base`, `${base}/{id}` and `${byKey}/{code}`. */
function rest(params: Resource['params'], base: (f: Fixtures) => string, key?: { field: string; base: (f: Fixtures) => string }): Resource {
  const at = (s: string | number) => encodeURIComponent(String(s));
  return {
    params,
    create: (f, p) => f.C.post(base(f), p, en),
    update: (f, id, p) => f.C.put(`${base(f)}/${id}`, p, en),
    read: (f, id) => f.C.get(`${base(f)}/${id}`),
    key: key && {
      field: key.field,
      update: (f, code, p) => f.C.put(`${key.base(f)}/${at(code)}`, p, en),
      batch: (f, list) => f.C.put(base(f), list, en),
      read: (f, code) => f.C.get(`${key.base(f)}/${at(code)}`),
    },
  };
}

/** Routes are written over GraphQL only (no REST write): its user errors as a REST answer would carry them. */
async function routeCall(f: Fixtures, query: string, variables: Params, field: string): Promise<Answer> {
  const res = await graphql(f.co.api_key, query, variables);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  const payload = res.body.data[field];
  const errors = payload.userErrors as { field: string | null; code: string; message: string }[];
  if (!errors.length) return { status: 200, body: { data: payload.route } };
  const status = errors.every((e) => e.code === 'UNPROCESSABLE_ENTITY') ? 422 : 400;
  return { status, body: { fields: errors.map((e) => ({ name: e.field?.replace(/^params\./, ''), message: e.message })) } };
}

const routeFields = 'route { id name points { id position route_type } } userErrors { field code message }';

const processBase = (f: Fixtures) => `/operations/${f.co.operation.id}/processes`;

const resources: Record<string, Resource> = {
  ProductParams: rest(
    () => ({ code: uniq('PRD-'), description: 'Valve', internal_codes: [{ code: uniq('ERP-'), label: 'erp' }, { code: uniq('ERP-') }] }),
    () => '/products',
    { field: 'code', base: () => '/products-by-code' },
  ),
  OrderParams: rest(
    (f) => ({
      reference_code: uniq('ORC-'),
      purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: f.product, quantity: '10.0000' }] },
      handlers: [
        { operation_handler_id: slot(f, 'importer'), actor_id: f.actor, reference: 'R-1' },
        { operation_handler_id: slot(f, 'customs_broker'), actor_id: f.actor },
      ],
    }),
    (f) => `/operations/${f.co.operation.id}/orders`,
    { field: 'reference_code', base: (f) => `/operations/${f.co.operation.id}/orders-by-reference-code` },
  ),
  RouteParams: {
    params: () => ({ name: uniq('Route '), points: [{ position: 1, route_type: 'LOADING' }, { position: 2, route_type: 'UNLOADING' }] }),
    create: (f, p) => routeCall(f, `mutation($p: RouteParams!) { createRoute(params: $p) { ${routeFields} } }`, { p }, 'createRoute'),
    update: (f, id, p) => routeCall(f, `mutation($id: Int!, $p: RouteParams!) { updateRoute(id: $id, params: $p) { ${routeFields} } }`, { id, p }, 'updateRoute'),
    read: async (f, id) => {
      const res = await graphql(f.co.api_key, 'query($id: Int!) { route(id: $id) { id name points { id position route_type } } }', { id });
      return { status: res.body.data?.route ? 200 : 404, body: { data: res.body.data?.route } };
    },
  },
  ProcessParams: rest(
    (f) => ({
      reference_code: uniq('PRC-'),
      order_ids: [f.order.id],
      handlers: [{ operation_handler_id: slot(f, 'importer'), actor_id: f.actor }],
      audit_items: [{ name: 'Documents checked', checked: true }],
      foreign_trade_shipment: {
        type: 'MARITIME_TRANSPORT',
        automatic_tracking_enabled: false,
        items: [{ purchase_order_item_id: f.order.items[0], line_reference: '10', quantity: '800.0000' }],
        invoices: [{ number: 'INV-1', emitted_at: '2025-03-28T00:00:00Z', incoterm: 'FOB', currency_code: 'USD', items: [{ product_sku: 'PRD-01', quantity: '800.0000', shipment_quantity: '800.0000' }] }],
        transportables: [{ type: 'CONTAINER', container: { code: 'MSCU1234565', events: [{ datetime: '2025-04-02T10:00:00Z', status: 'LOADED' }] } }],
        international_transport_legs: [{ modal_type: 'MARITIME', departure_place: 'Shanghai', arrival_place: 'Santos' }],
        air_transport_shipment: { awb: '045-12345675', house_awbs: [{ hawb: 'H-1' }] },
        national_road_transports: [
          {
            route_id: f.route.id,
            leg_slug: 'santos-campinas',
            trips: [{ position: 1, driver_name: 'João Silva', phases: f.route.points.map((route_point_id) => ({ route_point_id })) }],
          },
        ],
        parcel_shipments: [{ slug: 'dhl', tracking_number: 'DHL-1' }],
        ce_mercante: { number: '152505123456789', cargo_manifests: [{ manifest_number: 'M-1' }] },
        shipment_import_declarations: [{ comments: 'by broker', import_declaration: { number: '25/0412345-6' } }],
        shipment_duimps: [{ comments: 'pilot', duimp: { number: '25BR0000012345' } }],
        shipment_import_licenses: [{ status: 'PENDING', import_license: { number: '25/000111-1' } }],
        shipment_export_declarations: [{ comments: 'export', export_declaration: { number: '25BR000123456-7' } }],
      },
    }),
    processBase,
    { field: 'reference_code', base: (f) => `/operations/${f.co.operation.id}/processes-by-reference-code` },
  ),
};

/**
 * Parents written with every nested list filled, and as they read back once all are written
 * (a process reads back the balances of the order lines it ships, which the next one lowers).
 */
async function parentsOf(r: Resource, f: Fixtures, count: number): Promise<{ id: number; params: Params; stored: Params }[]> {
  const made: { id: number; params: Params }[] = [];
  for (let i = 0; i < count; i++) {
    const params = r.params(f);
    const res = await r.create(f, params);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    made.push({ id: res.body.data.id, params });
  }
  return Promise.all(made.map(async (m) => ({ ...m, stored: await readBack(r, f, m.id) })));
}

async function readBack(r: Resource, f: Fixtures, id: number): Promise<Params> {
  const res = await r.read(f, id);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The answer is 422 with exactly one field at fault: `name`, "does not exist". */
function rejected(res: { status: number; body: any }, name: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.fields).toEqual([{ name, message: 'does not exist' }]);
}

describe('nested ids belong to the parent written', () => {
  let mine: Fixtures;
  let theirs: Fixtures;
  const theirParents: Record<string, { id: number; stored: Params }> = {};
  beforeAll(async () => {
    const [a, b] = await Promise.all([newCompany(), newCompany()]);
    [mine, theirs] = await Promise.all([fixturesOf(a), fixturesOf(b)]);
    for (const [root, r] of Object.entries(resources)) [theirParents[root]] = await parentsOf(r, theirs, 1);
  });

  // The tests are generated from the committed SDL (tests/schema.test.ts keeps it fresh); the
  // served schema, introspected, must list the same.
  const lists = idLists(buildSchema(readFileSync('graph/schema.graphql', 'utf8')));

  it('the lists generated are those of the served schema, each with a parent factory', async () => {
    const res = await graphql(mine.co.api_key, getIntrospectionQuery({ inputValueDeprecation: true }));
    expect(res.body.errors).toBeUndefined();
    expect(idLists(buildClientSchema(res.body.data))).toEqual(lists);
    expect(lists.length).toBeGreaterThanOrEqual(21);
    for (const { root } of lists) expect(Object.keys(resources), `a parent factory for ${root}`).toContain(root);
  });

  for (const { root, path } of lists) {
    it(`${root}.${path.join('.')}: another parent's, another company's and unknown ids answer 422 and write nothing`, async () => {
      const r = resources[root];
      const f = mine;
      const [own, other] = await parentsOf(r, f, 2);
      const theirsParent = theirParents[root];
      const field = fieldOf(own.stored, path);
      const sent = entryAt(own.params, path);
      const foreign = entryAt(other.stored, path).id as number;
      const alien = entryAt(theirsParent.stored, path).id as number;
      expect(foreign).toEqual(expect.any(Number));
      const update = (id: number) => updateAt(own.stored, path, { ...sent, id });

      // A stored parent, by id: another parent's child, another company's, an unknown id.
      for (const id of [foreign, alien, UNKNOWN]) rejected(await r.update(f, own.id, update(id)), field);
      if (r.key) {
        const key = r.key;
        const code = own.stored[key.field];
        rejected(await key.update(f, code, update(foreign)), field);
        // In a batch, after a valid new entry: all or nothing.
        const valid = r.params(f);
        rejected(await key.batch(f, [valid, { [key.field]: code, ...update(foreign) }]), fieldOf(own.stored, path, '1.'));
        expect((await key.read(f, valid[key.field])).status).toBe(404);
      }

      // A new parent has no children yet: any id is unknown.
      for (const id of [foreign, alien, UNKNOWN]) {
        const fresh = withIdAt(r.params(f), path, id);
        rejected(await r.create(f, fresh), fieldOf(fresh, path));
        if (r.key) {
          rejected(await r.key.batch(f, [fresh]), fieldOf(fresh, path, '0.'));
          expect((await r.key.read(f, fresh[r.key.field])).status).toBe(404);
        }
      }

      // Nothing written: both parents and the other company's read back as they were.
      expect(await readBack(r, f, own.id)).toEqual(own.stored);
      expect(await readBack(r, f, other.id)).toEqual(other.stored);
      expect(await readBack(r, theirs, theirsParent.id)).toEqual(theirsParent.stored);
    }, 240_000);
  }
});

describe('handler map entries, matched by role', () => {
  it('take an id only when it is the stored entry of that role on that order', async () => {
    const f = await fixturesOf(await newCompany());
    const base = `/operations/${f.co.operation.id}/orders`;
    const order = (reference_code: string) => ({
      reference_code,
      purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: f.product, quantity: '10.0000' }] },
      handler: { importer: { operation_handler_id: slot(f, 'importer'), actor_id: f.actor }, customs_broker: { operation_handler_id: slot(f, 'customs_broker'), actor_id: f.actor } },
    });
    const made = [await f.C.post(base, order(uniq('ORC-')), en), await f.C.post(base, order(uniq('ORC-')), en)];
    for (const m of made) expect(m.status, JSON.stringify(m.body)).toBe(201);
    const [own, other] = await Promise.all(made.map(async (m) => (await f.C.get(`${base}/${m.body.data.id}`)).body.data));
    const entry = (id: number) => ({ handler: { importer: { id, reference: 'moved?' }, customs_broker: { reference: 'kept' } } });
    for (const id of [other.handler.importer.id, own.handler.customs_broker.id, UNKNOWN]) {
      rejected(await f.C.put(`${base}/${own.id}`, entry(id), en), 'handler.importer.id');
    }
    rejected(await f.C.post(base, { ...order(uniq('ORC-')), handler: { importer: { ...order('').handler.importer, id: own.handler.importer.id } } }, en), 'handler.importer.id');
    expect((await f.C.get(`${base}/${own.id}`)).body.data).toEqual(own);
    expect((await f.C.get(`${base}/${other.id}`)).body.data).toEqual(other);
    const kept = await f.C.put(`${base}/${own.id}`, entry(own.handler.importer.id), en);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect((await f.C.get(`${base}/${own.id}`)).body.data.handler.importer).toMatchObject({ id: own.handler.importer.id, reference: 'moved?' });
  });
});
