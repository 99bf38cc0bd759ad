// Ten everyday questions of the GraphQL API (docs/graphql-questions.md), each answered by one
// POST to /graphql (the product sync, by one POST per page) on data the test makes for itself
// on a company of its own, with the SQL statements the answer costs (`x-sql-statements`,
// SQL_STATS): a fixed number, whatever the page holds.
import { describe, expect, inject, it } from 'vitest';
import { encodeStatic } from '../graph/logistics/ais-encode.ts';
import { baseUrl, client, graphql, newCompany, uniq } from './helpers.ts';

/** A date-time `days` from now, to the second, as the API writes them. */
const fromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A fresh company, with what the questions need to fill it and to ask. */
async function company() {
  const co = await newCompany();
  const C = client(co.api_key);
  const op = co.operation.id;
  return {
    C,
    op,
    slot: (role: string) => co.operation.handlers.find((h) => h.role === role)!.id,
    /** Creates (or updates, by reference code) processes in one batch; answers their ids in order. */
    async processes(list: Record<string, unknown>[]): Promise<number[]> {
      const res = await C.put(`/operations/${op}/processes`, list);
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
      return res.body.data.map((p: { id: number }) => p.id);
    },
    async lifecycle(id: number, action: 'finish' | 'cancel') {
      const res = await C.put(`/operations/${op}/processes/${id}/${action}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
    async orders(list: Record<string, unknown>[]): Promise<number[]> {
      const res = await C.put(`/operations/${op}/orders`, list);
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
      return res.body.data.map((o: { id: number }) => o.id);
    },
    async products(codes: string[]) {
      const res = await C.put('/products', codes.map((code) => ({ code, description: `Valve ${code}` })));
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(201);
      return res.body.data as { id: number; code: string }[];
    },
    async actor(name: string, role: string): Promise<number> {
      const res = await C.post('/partnerships', { name, internal_code: uniq('ACT-'), roles: [{ role }] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.partner.id;
    },
    /** One POST to /graphql: its data and the SQL statements it cost. */
    async ask(query: string, variables: Record<string, unknown> = {}) {
      const res = await graphql(co.api_key, query, { op, ...variables });
      expect(res.status).toBe(200);
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return { data: res.body.data, statements: Number(res.headers.get('x-sql-statements')) };
    },
  };
}

/** A purchase order of one line per product code, 100 units each. */
const purchase = (reference_code: string, codes: string[]) => ({
  reference_code,
  purchase_order: { type: 'DIRECT', items: codes.map((product_code, i) => ({ line_reference: String((i + 1) * 10), product_code, quantity: '100.0000' })) },
});

/** A sea shipment arriving `eta`, from Shanghai to Santos. */
const sea = (eta: string, extra: Record<string, unknown> = {}) => ({
  type: 'MARITIME_TRANSPORT',
  eta,
  automatic_tracking_enabled: false,
  maritime_transport_shipment: { type: 'FCL', loading_port_code: 'CNSGH', discharge_port_code: 'BRSSZ', ...extra },
});

/** A vessel imported from one AIS static report (ETA on 10 June, or `day` June); answers its id. */
async function vessel(C: ReturnType<typeof client>, mmsi: string, day = 10): Promise<number> {
  const feed = encodeStatic({ mmsi: Number(mmsi), name: `TT Q${mmsi.slice(-4)}`, eta: { month: 6, day, hour: 12, minute: 0 }, destination: 'BRSSZ' });
  const res = await fetch(`${baseUrl()}/admin/imports/ais`, { method: 'POST', headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' }, body: feed.join('\n') });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await C.get(`/vessels/${mmsi}/current-voyage`)).body.data.id;
}
const mmsiOf = () => `72${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/**
 * The statements an answer of `n` statements on the embedded database costs here: on PostgreSQL
 * one more, the commit of the read-only snapshot its reads share (graph/database/transaction.ts).
 */
const statementsOf = (n: number) => n + (inject('databaseKind') === 'postgres' ? 1 : 0);

const ids = (list: { id: number }[]) => list.map((p) => p.id);

describe('GraphQL: ten everyday questions', () => {
  it('1. how many processes are active', async () => {
    const q = await company();
    const [, , , done, canceled] = await q.processes(['A', 'B', 'C', 'D', 'E'].map((c) => ({ reference_code: `Q1-${c}` })));
    await q.lifecycle(done, 'finish');
    await q.lifecycle(canceled, 'cancel');
    // Asked for the count alone, a list (or a connection) reads no row: the operation's check and the count.
    const { data, statements } = await q.ask(`query ($op: Int!) {
      active: processes(operation_id: $op, filters: { status: [ACTIVE] }) { total_count }
      all: processes(operation_id: $op) { total_count }
    }`);
    expect(data).toEqual({ active: { total_count: 3 }, all: { total_count: 5 } });
    expect(statements).toBe(statementsOf(4));
    const counted = await q.ask(`query ($op: Int!) {
      active: processesConnection(operation_id: $op, filters: { status: [ACTIVE] }) { totalCount }
      all: processesConnection(operation_id: $op) { totalCount }
    }`);
    expect(counted.data).toEqual({ active: { totalCount: 3 }, all: { totalCount: 5 } });
    expect(counted.statements).toBe(statementsOf(4));
  });

  it('2. active processes arriving in the next 14 days, with their vessel and ports', async () => {
    const q = await company();
    const mmsi = mmsiOf();
    const followed = await vessel(q.C, mmsi);
    const [soon, later, , , done] = await q.processes([
      { reference_code: 'Q2-SOON', foreign_trade_shipment: sea(fromNow(3), { tracking_key: 'VESSEL', vessel_id: followed }) },
      { reference_code: 'Q2-LATER', foreign_trade_shipment: sea(fromNow(10)) },
      { reference_code: 'Q2-BEYOND', foreign_trade_shipment: sea(fromNow(20)) },
      { reference_code: 'Q2-PAST', foreign_trade_shipment: sea(fromNow(-2)) },
      { reference_code: 'Q2-DONE', foreign_trade_shipment: sea(fromNow(5)) },
    ]);
    await q.lifecycle(done, 'finish');
    const { data, statements } = await q.ask(
      `query ($op: Int!, $from: DateTime!, $to: DateTime!) {
        processes(operation_id: $op, filters: { status: [ACTIVE], eta_from: $from, eta_to: $to }, order_by: [{ field: id }]) {
          total_count
          data { id reference_code foreign_trade_shipment { eta maritime_transport_shipment {
            vessel { name mmsi_number } loading_port { unlocode } discharge_port { unlocode } } } }
        }
      }`,
      { from: fromNow(0), to: fromNow(14) },
    );
    expect(data.processes.total_count).toBe(2);
    expect(data.processes.data.map((p: any) => [p.id, p.reference_code])).toEqual([[soon, 'Q2-SOON'], [later, 'Q2-LATER']]);
    const transports = data.processes.data.map((p: any) => p.foreign_trade_shipment.maritime_transport_shipment);
    expect(transports).toEqual([
      { vessel: { name: `TT Q${mmsi.slice(-4)}`, mmsi_number: mmsi }, loading_port: { unlocode: 'CNSGH' }, discharge_port: { unlocode: 'BRSSZ' } },
      { vessel: null, loading_port: { unlocode: 'CNSGH' }, discharge_port: { unlocode: 'BRSSZ' } },
    ]);
    expect(statements).toBe(statementsOf(4));
  });

  // No filter of processes says "ETA changed since", and `updated_at` is no stand-in: a move
  // made by tracking changes the shipment, not the process. The events say which ETAs moved
  // (`shipment.eta_changed`, with the process as it then was); the processes finished or
  // canceled since then, asked in the same POST, are left out of the answer.
  it('3. active processes whose ETA moved in the last week', async () => {
    const q = await company();
    const mmsi = mmsiOf();
    const tracked = await vessel(q.C, mmsi);
    const [moved, , , movedThenDone, followed] = await q.processes([
      ...['MOVED', 'TOUCHED', 'QUIET', 'DONE'].map((c) => ({ reference_code: `Q3-${c}`, foreign_trade_shipment: sea('2031-05-10T00:00:00Z') })),
      { reference_code: 'Q3-TRACKED', foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', maritime_transport_shipment: { tracking_key: 'VESSEL', vessel_id: tracked } } },
    ]);
    await new Promise((r) => setTimeout(r, 50));
    const since = new Date().toISOString();
    await q.processes([
      { reference_code: 'Q3-MOVED', foreign_trade_shipment: { eta: '2031-05-17T00:00:00Z' } },
      { reference_code: 'Q3-TOUCHED', alert_level: 'WARNING' },
      { reference_code: 'Q3-DONE', foreign_trade_shipment: { eta: '2031-05-03T00:00:00Z' } },
    ]);
    await q.lifecycle(movedThenDone, 'finish');
    await vessel(q.C, mmsi, 20);
    const { data, statements } = await q.ask(
      `query ($op: Int!, $since: DateTime!) {
        processes(operation_id: $op, filters: { status: [ACTIVE], eta_changed_at_from: $since }, order_by: [{ field: id }]) {
          data { id foreign_trade_shipment { eta eta_changed_at } }
        }
      }`,
      { since },
    );
    // Moved by a write or by tracking; the finished one and the one only touched are left out.
    expect(data.processes.data.map((p: any) => [p.id, p.foreign_trade_shipment.eta])).toEqual([
      [moved, '2031-05-17T00:00:00Z'],
      [followed, expect.stringMatching(/-06-20T12:00:00Z$/)],
    ]);
    for (const p of data.processes.data) expect(Date.parse(p.foreign_trade_shipment.eta_changed_at)).toBeGreaterThan(Date.parse(since));
    expect(statements).toBe(statementsOf(3));
  });

  it('4. orders with the balances of their lines, for one product', async () => {
    const q = await company();
    await q.products(['Q4-VALVE', 'Q4-GAUGE']);
    const [withBoth, , sold] = await q.orders([
      purchase('Q4-PO-1', ['Q4-VALVE', 'Q4-GAUGE']),
      purchase('Q4-PO-2', ['Q4-GAUGE']),
      { reference_code: 'Q4-SO-1', sales_order: { type: 'DIRECT', items: [{ line_reference: '1', product_code: 'Q4-VALVE', quantity: '50.0000' }] } },
    ]);
    await q.processes([{ reference_code: 'Q4-P', order_ids: [withBoth], foreign_trade_shipment: { ...sea('2031-05-10T00:00:00Z'), items: [{ line_reference: '10', quantity: '80.0000' }] } }]);
    const { data, statements } = await q.ask(`query ($op: Int!) {
      orders(operation_id: $op, filters: { product_code: "Q4-VALVE" }, order_by: [{ field: id }]) {
        data { id reference_code
          purchase_order { items { line_reference product { code } quantity balance_shipped balance } }
          sales_order { items { line_reference product { code } quantity balance_shipped balance } } }
      }
    }`);
    const line = (line_reference: string, code: string, quantity: string, shipped: string, balance: string) => ({ line_reference, product: { code }, quantity, balance_shipped: shipped, balance });
    expect(data.orders.data).toEqual([
      { id: withBoth, reference_code: 'Q4-PO-1', purchase_order: { items: [line('10', 'Q4-VALVE', '100.0000', '80.0000', '20.0000'), line('20', 'Q4-GAUGE', '100.0000', '0.0000', '100.0000')] }, sales_order: null },
      { id: sold, reference_code: 'Q4-SO-1', purchase_order: null, sales_order: { items: [line('1', 'Q4-VALVE', '50.0000', '0.0000', '50.0000')] } },
    ]);
    expect(statements).toBe(statementsOf(3));
  });

  it('5. a page of processes with their whole tree, in the same statements at 1 and 20 processes', async () => {
    const q = await company();
    const importer = q.slot('importer');
    const made = await q.processes(
      Array.from({ length: 20 }, (_, i) => ({
        reference_code: `Q5-${String(i).padStart(2, '0')}`,
        handler: { importer: { operation_handler_id: importer, actor: { official_name: 'Acme Importadora Ltda', internal_code: 'Q5-ACME' } } },
        foreign_trade_shipment: {
          ...sea('2031-05-10T00:00:00Z', { bl: `MEDU${i}` }),
          international_transport_legs: [{ modal_type: 'MARITIME', departure_place: 'Shanghai', arrival_place: 'Santos', vessel: 'MSC ANNA' }],
          transportables: [{ type: 'CONTAINER', container: { code: `MSCU${String(i).padStart(6, '0')}1`, type: 'DRY', size_foot_type: 'STANDARD_40', events: [{ datetime: '2031-04-02T10:00:00Z', place: 'Shanghai', status: 'LOADED' }] } }],
          invoices: [{ number: `INV-${i}`, emitted_at: '2031-03-28T00:00:00Z', incoterm: 'FOB', currency_code: 'USD', items: [{ product_sku: 'Q5-VALVE', quantity: '10.0000', shipment_quantity: '10.0000' }] }],
        },
      })),
    );
    // The page size is a literal: the estimated cost counts a variable one as the largest page.
    const page = (first: number) =>
      q.ask(`query ($op: Int!) {
        processesConnection(operation_id: $op, first: ${first}, filters: { status: [ACTIVE] }, order_by: [{ field: id }]) {
          pageInfo { hasNextPage }
          edges { node { id reference_code
            handler { importer { actor { internal_code } operation_handler { role } } }
            foreign_trade_shipment { eta
              maritime_transport_shipment { bl loading_port { unlocode } discharge_port { unlocode } }
              international_transport_legs { modal_type departure_place arrival_place vessel }
              transportables { container { code events { status place } } }
              invoices { number incoterm items { product_sku shipment_quantity } } } } }
        }
      }`);
    const one = await page(1);
    const all = await page(20);
    expect(one.data.processesConnection.pageInfo.hasNextPage).toBe(true);
    expect(all.data.processesConnection.pageInfo.hasNextPage).toBe(false);
    const nodes = all.data.processesConnection.edges.map((e: any) => e.node);
    expect(ids(nodes)).toEqual(made);
    nodes.forEach((n: any, i: number) => {
      expect(n.handler.importer).toEqual({ actor: { internal_code: 'Q5-ACME' }, operation_handler: { role: 'importer' } });
      const s = n.foreign_trade_shipment;
      expect(s.maritime_transport_shipment).toEqual({ bl: `MEDU${i}`, loading_port: { unlocode: 'CNSGH' }, discharge_port: { unlocode: 'BRSSZ' } });
      expect(s.international_transport_legs).toEqual([{ modal_type: 'MARITIME', departure_place: 'Shanghai', arrival_place: 'Santos', vessel: 'MSC ANNA' }]);
      expect(s.transportables).toEqual([{ container: { code: `MSCU${String(i).padStart(6, '0')}1`, events: [{ status: 'LOADED', place: 'Shanghai' }] } }]);
      expect(s.invoices).toEqual([{ number: `INV-${i}`, incoterm: 'FOB', items: [{ product_sku: 'Q5-VALVE', shipment_quantity: '10.0000' }] }]);
    });
    expect(nodes[0]).toEqual(one.data.processesConnection.edges[0].node);
    expect([one.statements, all.statements]).toEqual([statementsOf(3), statementsOf(3)]);
  });

  it('6. everything linked to one order: its processes and their shipment ETA', async () => {
    const q = await company();
    await q.products(['Q6-VALVE']);
    await q.orders([purchase('Q6-PO', ['Q6-VALVE']), purchase('Q6-OTHER', ['Q6-VALVE'])]);
    const [first, second] = await q.processes([
      { reference_code: 'Q6-P1', order_reference_codes: ['Q6-PO'], foreign_trade_shipment: sea('2031-05-10T00:00:00Z') },
      { reference_code: 'Q6-P2', order_reference_codes: ['Q6-PO', 'Q6-OTHER'], foreign_trade_shipment: sea('2031-06-01T00:00:00Z') },
      { reference_code: 'Q6-P3', order_reference_codes: ['Q6-OTHER'], foreign_trade_shipment: sea('2031-07-01T00:00:00Z') },
    ]);
    const { data, statements } = await q.ask(`query ($op: Int!) {
      orderByReferenceCode(operation_id: $op, reference_code: "Q6-PO") {
        reference_code
        processes { id reference_code process { foreign_trade_shipment { eta } orders { reference_code } } }
      }
    }`);
    expect(data.orderByReferenceCode).toEqual({
      reference_code: 'Q6-PO',
      processes: [
        { id: first, reference_code: 'Q6-P1', process: { foreign_trade_shipment: { eta: '2031-05-10T00:00:00Z' }, orders: [{ reference_code: 'Q6-PO' }] } },
        { id: second, reference_code: 'Q6-P2', process: { foreign_trade_shipment: { eta: '2031-06-01T00:00:00Z' }, orders: [{ reference_code: 'Q6-PO' }, { reference_code: 'Q6-OTHER' }] } },
      ],
    });
    expect(statements).toBe(statementsOf(1));
  });

  it("7. a product's lines in live orders", async () => {
    const q = await company();
    await q.products(['Q7-VALVE', 'Q7-GAUGE']);
    const [kept, , deleted] = await q.orders([
      purchase('Q7-PO-1', ['Q7-GAUGE', 'Q7-VALVE']),
      { reference_code: 'Q7-SO-1', sales_order: { type: 'DIRECT', items: [{ line_reference: '1', product_code: 'Q7-VALVE', quantity: '30.0000' }] } },
      purchase('Q7-PO-GONE', ['Q7-VALVE']),
    ]);
    expect((await q.C.del(`/operations/${q.op}/orders/${deleted}`)).status).toBe(200);
    const { data, statements } = await q.ask(`{
      productByCode(code: "Q7-VALVE") {
        purchase_order_items { line_reference quantity balance purchase_order { order { id reference_code } } }
        sales_order_items { line_reference quantity balance sales_order { order { reference_code } } }
      }
    }`);
    expect(data.productByCode).toEqual({
      purchase_order_items: [{ line_reference: '20', quantity: '100.0000', balance: '100.0000', purchase_order: { order: { id: kept, reference_code: 'Q7-PO-1' } } }],
      sales_order_items: [{ line_reference: '1', quantity: '30.0000', balance: '30.0000', sales_order: { order: { reference_code: 'Q7-SO-1' } } }],
    });
    expect(statements).toBe(statementsOf(1));
  });

  it('8. processes handled by one actor', async () => {
    const q = await company();
    const broker = await q.actor('Despachos Santos Ltda', 'CUSTOMS_BROKER');
    const other = await q.actor('Despachos Rio Ltda', 'CUSTOMS_BROKER');
    const entry = (actor_id: number) => ({ customs_broker: { operation_handler_id: q.slot('customs_broker'), actor_id } });
    const [mine, , alsoMine] = await q.processes([
      { reference_code: 'Q8-A', handler: entry(broker) },
      { reference_code: 'Q8-B', handler: entry(other) },
      { reference_code: 'Q8-C', handler: entry(broker) },
      { reference_code: 'Q8-D' },
    ]);
    const { data, statements } = await q.ask(
      `query ($op: Int!, $actor: Int!) {
        processes(operation_id: $op, filters: { actor_ids: [$actor], status: [ACTIVE] }, order_by: [{ field: id }]) { total_count data { id reference_code } }
        actor(id: $actor) { official_name process_entries { operation_handler { role } process { reference_code } } }
      }`,
      { actor: broker },
    );
    expect(data.processes).toEqual({ total_count: 2, data: [{ id: mine, reference_code: 'Q8-A' }, { id: alsoMine, reference_code: 'Q8-C' }] });
    expect(data.actor).toEqual({
      official_name: 'Despachos Santos Ltda',
      process_entries: ['Q8-A', 'Q8-C'].map((reference_code) => ({ operation_handler: { role: 'customs_broker' }, process: { reference_code } })),
    });
    expect(statements).toBe(statementsOf(5));
  });

  it('9. every product, synced by cursor, each seen once', async () => {
    const q = await company();
    const made = await q.products(Array.from({ length: 7 }, (_, i) => `Q9-${i}`));
    const seen: number[] = [];
    const counts: number[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const { data, statements } = await q.ask(
        `query ($after: String) {
          productsConnection(first: 3, after: $after, order_by: [{ field: updated_at }]) {
            edges { node { id code updated_at } }
            pageInfo { hasNextPage endCursor }
          }
        }`,
        { after },
      );
      const { edges, pageInfo } = data.productsConnection;
      seen.push(...edges.map((e: any) => e.node.id));
      counts.push(statements);
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    expect(counts).toEqual([2, 2, 2].map(statementsOf));
    expect([...seen].sort((a, b) => a - b)).toEqual(ids(made).sort((a, b) => a - b));
  });

  // `finished_at` bounds finished processes (canceled since or not). Processes have no
  // `canceled_at` filter: one canceled in the range changed in it, so the canceled processes
  // changed since its start come in the same POST, to be kept when `canceled_at` falls in it.
  it('10. finished or canceled processes in a date range', async () => {
    const q = await company();
    const [done, doneThenCanceled, canceled] = await q.processes(['DONE', 'DONE-CANCELED', 'CANCELED', 'ACTIVE'].map((c) => ({ reference_code: `Q10-${c}` })));
    await q.lifecycle(done, 'finish');
    await q.lifecycle(doneThenCanceled, 'finish');
    await q.lifecycle(doneThenCanceled, 'cancel');
    await q.lifecycle(canceled, 'cancel');
    const range = async (from: string, to: string) => {
      const { data, statements } = await q.ask(
        `query ($op: Int!, $from: DateTime!, $to: DateTime!) {
          finished: processes(operation_id: $op, filters: { finished_at_from: $from, finished_at_to: $to }, order_by: [{ field: id }]) { data { id } }
          canceled: processes(operation_id: $op, filters: { canceled_at_from: $from, canceled_at_to: $to }, order_by: [{ field: id }]) { data { id } }
        }`,
        { from, to },
      );
      return { statements, finished: ids(data.finished.data), canceled: ids(data.canceled.data) };
    };
    const now = await range(fromNow(-1 / 24), fromNow(1 / 24));
    expect(now.finished).toEqual([done, doneThenCanceled]);
    expect(now.canceled).toEqual([doneThenCanceled, canceled]);
    // Per list: the operation, then the page read in one statement (docs/decisions/019-assembled-pages.md, "One statement").
    expect(now.statements).toBe(statementsOf(4));
    expect(await range(fromNow(-2), fromNow(-1))).toMatchObject({ finished: [], canceled: [] });
  });
});
