// Every list route reads a page in the same number of SQL statements whatever its size
// (docs/decisions/009-relation-loading.md): the `x-sql-statements` header (SQL_STATS) of a page
// of 1, 20 and 100 rows, each row with its nested lists filled. Products, orders and
// processes have their own tests (tests/products.test.ts, orders.test.ts, processes.test.ts).
// Batch writes too (docs/decisions/010-write-path.md, "Writes by set"): a batch of 1, 20 and 100
// like entries, created then updated, costs the same number of statements.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { syntheticAisFeed } from '../graph/logistics/ais-encode.ts';
import { baseUrl, client, costModelOf, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';
import { startReceiver } from './webhooks/receiver.ts';

const SIZES = [1, 20, 100];

describe('statements per list page', () => {
  let company: TestCompany;
  let C: ReturnType<typeof client>;
  beforeAll(async () => {
    company = await newCompany();
    C = client(company.api_key);
  });

  /** The statements of one page of `path` at each size, after one request that warms the key's cache. */
  async function counts(path: string, query = '', sizes = SIZES): Promise<number[]> {
    await C.get(path, `limit=1&${query}`);
    const out: number[] = [];
    for (const limit of sizes) {
      const res = await C.get(path, `limit=${limit}&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data, path).toHaveLength(limit);
      out.push(Number(res.headers.get('x-sql-statements')));
    }
    return out;
  }
  const same = (list: number[]) => expect(new Set(list).size, `statements at ${SIZES.join(', ')} rows: ${list.join(', ')}`).toBe(1);

  it('actors, each with its roles', async () => {
    for (let i = 0; i < 100; i++) {
      const res = await C.post('/partnerships', { name: uniq('Partner '), internal_code: uniq('P-'), roles: [{ role: 'SUPPLIER' }, { role: 'BANK' }] });
      expect(res.status).toBe(201);
    }
    same(await counts('/actors'));
  });

  it('events, webhook endpoints and deliveries', async () => {
    const receiver = await startReceiver();
    try {
      const endpoints: number[] = [];
      for (let i = 0; i < 100; i++) endpoints.push((await C.post('/webhooks', { url: `${receiver.url}/${i}`, events: i === 0 ? ['product.created'] : ['order.created'] })).body.data.id);
      const made = await C.put('/products', Array.from({ length: 100 }, (_, i) => ({ code: uniq(`SC-${i}-`), description: 'Counted valve' })));
      expect(made.status).toBe(201);
      // Delivered once relayed (docs/webhooks.md, "Payloads"): the pages read all 100 events.
      await receiver.until((list) => list.length >= 100, 30_000);
      same(await counts('/events'));
      same(await counts('/webhooks'));
      same(await counts(`/webhooks/${endpoints[0]}/deliveries`));
    } finally {
      await receiver.close();
    }
  });

  it('cost models, each with its versions, expenses and rules', async () => {
    for (let i = 0; i < 100; i++) await costModelOf(company.api_key);
    same(await counts('/cost-models'));
  });

  it('drivers, vehicles and trailers', async () => {
    // A plate of the Mercosur form (LLLDLDD), unique for i < 100.
    const plate = (prefix: string, i: number) => `${prefix}${String.fromCharCode(65 + (i % 26))}${i % 10}${String.fromCharCode(65 + (Math.floor(i / 10) % 26))}${String(i % 100).padStart(2, '0')}`;
    for (let i = 0; i < 100; i++) {
      for (const [path, body] of [
        ['/drivers', { name: uniq('Driver '), country_code: 'BR', license_number: uniq('L') }],
        ['/vehicles', { type: 'TRUCK', plate: plate('VH', i), is_refrigerated: false }],
        ['/trailers', { type: 'BUGGY_40', plate: plate('TR', i), axles: 3 }],
      ] as const) {
        const res = await C.post(path, body);
        expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
      }
    }
    for (const path of ['/drivers', '/vehicles', '/trailers']) same(await counts(path));
  });

  it('reference data: ports, airports, airlines, sealines, countries and currencies', async () => {
    for (const path of ['/ports', '/airports', '/airlines', '/sealines', '/countries', '/currencies']) {
      const total = (await C.get(path, 'limit=1')).body.total_count as number;
      expect(total, `${path} holds rows`).toBeGreaterThan(1);
      const sizes = total >= 100 ? SIZES : [1, Math.min(total, 20)];
      same(await counts(path, '', sizes));
    }
  });

  it('vessels and the calls of a port, imported through the operator endpoint', async () => {
    const runImport = async (kind: string, body: string) => {
      const res = await fetch(`${baseUrl()}/admin/imports/${kind}`, { method: 'POST', headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' }, body });
      expect(res.status, await res.clone().text()).toBe(200);
    };
    // 120 vessels, each with its static data (the first sentences of each are type 5).
    await runImport('ais', [...syntheticAisFeed(240, 120)].join('\n'));
    same(await counts('/vessels'));
    const header = 'port_unlocode,schedule_number,vessel_mmsi,vessel_imo,vessel_name,etb,atb,etu,atu,carrier_code,carrier_name,carrier_country,carrier_voyage,operation_type';
    const run = uniq('SC');
    const calls = Array.from({ length: 100 }, (_, i) => `BRRIG,${run}-${i},,,COUNTED ${i},2031-03-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00Z,,,,MAEU,Maersk,DK,V${i},UNLOADING`);
    await runImport('port-schedules', [header, ...calls].join('\n'));
    same(await counts('/port-schedules/BRRIG', 'start_date_etb=2031-03-01T00:00:00Z&end_date_etb=2031-03-31T00:00:00Z'));
  });

  it('routes, each with its points', async () => {
    for (let i = 0; i < 100; i++) {
      const res = await graphql(company.api_key, 'mutation ($p: RouteParams!) { createRoute(params: $p) { route { id } userErrors { code } } }', {
        p: { name: uniq('Route '), points: [{ position: 1, route_type: 'LOADING', name: 'Plant' }, { position: 2, route_type: 'UNLOADING', name: 'Port' }] },
      });
      expect(res.body.data.createRoute.userErrors).toEqual([]);
    }
    same(await counts('/routes'));
  });
});

describe('statements per batch write', () => {
  let company: TestCompany;
  let C: ReturnType<typeof client>;
  beforeAll(async () => {
    company = await newCompany();
    C = client(company.api_key);
  });

  /** The statements of `write(size)` at each size, after one batch of 1 that warms the key's cache. */
  async function counts(write: (size: number) => Promise<{ status: number; headers: Headers; body: any }>, status: number): Promise<number[]> {
    await write(1);
    const out: number[] = [];
    for (const size of SIZES) {
      const res = await write(size);
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
      expect(res.body.data).toHaveLength(size);
      out.push(Number(res.headers.get('x-sql-statements')));
    }
    return out;
  }
  const same = (what: string, list: number[]) => expect(new Set(list).size, `${what}: statements at ${SIZES.join(', ')} entries: ${list.join(', ')}`).toBe(1);

  it('orders with their lines: created, then updated with a line kept, one replaced and one removed', async () => {
    const partner = await C.post('/partnerships', { name: uniq('Operator '), internal_code: uniq('P-'), roles: [{ role: 'SUPPLIER' }] });
    expect(partner.status).toBe(201);
    const actor = partner.body.data.partner.id;
    const product = uniq('OP-');
    expect((await C.post('/products', { code: product, description: 'Counted pump' })).status).toBe(201);
    const path = `/operations/${company.operation.id}/orders`;
    const line = (ref: string, quantity: string) => ({ line_reference: ref, product_code: product, quantity, item_foreign_operators: [actor] });
    // The update pass meets the batches of the create pass in the same order (the warm-up's first).
    const batches: string[] = [];
    same('create', await counts(async (size) => {
      const prefix = uniq('SCO-');
      batches.push(prefix);
      return C.put(path, Array.from({ length: size }, (_, i) => ({
        reference_code: `${prefix}-${i}`,
        purchase_order: { type: 'DIRECT', items: [line('10', '5'), line('20', '6'), line('30', '7')] },
      })));
    }, 200));
    same('update', await counts(async (size) => {
      const prefix = batches.shift()!;
      return C.put(path, Array.from({ length: size }, (_, i) => ({
        reference_code: `${prefix}-${i}`,
        observations: 'second pass',
        purchase_order: { type: 'DIRECT', items: [line('10', '8'), line('40', '9')] },
      })));
    }, 200));
  });

  it('products: the same products updated, their internal codes replaced', async () => {
    const prefix = uniq('SCP-');
    const params = (size: number, pass: number) =>
      Array.from({ length: size }, (_, i) => ({ code: `${prefix}-${size}-${i}`, description: `Valve, pass ${pass}`, internal_codes: [{ code: `ERP-${pass}-${i}`, label: 'erp' }] }));
    for (const size of SIZES) expect((await C.put('/products', params(size, 1))).status).toBe(201);
    same('update', await counts((size) => C.put('/products', params(size, 2)), 201));
  });
});

describe('statements per process batch', () => {
  it('processes with a shipment tree and linked orders whose lines they ship: created, then updated with containers kept and changed', async () => {
    const company = await newCompany();
    const C = client(company.api_key);
    const path = `/operations/${company.operation.id}/processes`;
    const product = uniq('SCP-');
    expect((await C.post('/products', { code: product, description: 'Valve' })).status).toBe(201);
    const container = (code: string, status: string) => ({ type: 'CONTAINER', container: { code, type: 'DRY', size_foot_type: 'STANDARD_40', events: [{ datetime: '2025-04-02T10:00:00Z', place: 'Shanghai', status }] } });
    // Each process links its own order (by reference code on the first pass, by id on the second)
    // and ships part of its line 10: one statement reads every order a batch names, however many.
    const params = (prefix: string, size: number, pass: number, orderIds: number[], stored?: any[]) =>
      Array.from({ length: size }, (_, i) => ({
        reference_code: `${prefix}-${i}`,
        alert_level: pass === 1 ? 'NORMAL' : 'WARNING',
        ...(pass === 1 ? { order_reference_codes: [`${prefix}-O-${i}`] } : { order_ids: [orderIds[i]] }),
        foreign_trade_shipment: {
          type: 'MARITIME_TRANSPORT',
          eta: `2025-05-1${pass}T00:00:00Z`,
          items: [{ line_reference: '10', quantity: `${pass}.0000` }],
          maritime_transport_shipment: { type: 'FCL', bl: `MEDU${i}` },
          // The second pass keeps the first container (by id) with a new code and drops the second.
          transportables: stored
            ? [{ id: stored[i].foreign_trade_shipment.transportables[0].id, type: 'CONTAINER', container: { id: stored[i].foreign_trade_shipment.transportables[0].container.id, code: `MSCU${String(i).padStart(6, '0')}9` } }]
            : [container(`MSCU${String(i).padStart(6, '0')}1`, 'LOADED'), container(`MSCU${String(i).padStart(6, '0')}2`, 'LOADED')],
        },
      }));
    const created: number[] = [];
    const updated: number[] = [];
    for (const size of [1, ...SIZES]) {
      const prefix = uniq('SCR-');
      const orders = await C.put(
        `/operations/${company.operation.id}/orders`,
        Array.from({ length: size }, (_, i) => ({
          reference_code: `${prefix}-O-${i}`,
          purchase_order: { type: 'DIRECT', items: ['10', '20'].map((line_reference) => ({ line_reference, product_code: product, quantity: '10.0000' })) },
        })),
      );
      expect(orders.status, JSON.stringify(orders.body).slice(0, 300)).toBe(200);
      const orderIds = orders.body.data.map((o: { id: number }) => o.id);
      const first = await C.put(path, params(prefix, size, 1, orderIds));
      expect(first.status, JSON.stringify(first.body).slice(0, 300)).toBe(200);
      const stored = await Promise.all(first.body.data.map(async ({ id }: { id: number }) => (await C.get(`${path}/${id}`)).body.data));
      const second = await C.put(path, params(prefix, size, 2, orderIds, stored));
      expect(second.status, JSON.stringify(second.body).slice(0, 300)).toBe(200);
      const last = (await C.get(`${path}/${second.body.data[size - 1].id}`)).body.data;
      expect(last.foreign_trade_shipment.transportables.map((t: any) => t.container.code)).toEqual([`MSCU${String(size - 1).padStart(6, '0')}9`]);
      expect(last.orders.map((o: { id: number }) => o.id)).toEqual([orderIds[size - 1]]);
      const lines = (await C.get(`/operations/${company.operation.id}/orders/${orderIds[size - 1]}`)).body.data.purchase_order.items;
      expect(lines.map((l: any) => [l.line_reference, l.balance_shipped])).toEqual([['10', '2.0000'], ['20', '0.0000']]);
      created.push(Number(first.headers.get('x-sql-statements')));
      updated.push(Number(second.headers.get('x-sql-statements')));
    }
    // The first batch of 1 warms the key's cache.
    const same = (what: string, list: number[]) => expect(new Set(list.slice(1)).size, `${what}: statements at ${SIZES.join(', ')} entries: ${list.slice(1).join(', ')}`).toBe(1);
    same('create', created);
    same('update', updated);
  });
});
