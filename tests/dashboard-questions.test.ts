// The dashboard questions of the GraphQL API (docs/graphql-dashboards.md), each answered by one
// POST to /graphql on data the test makes for a company of its own, with the SQL statements the
// answer costs (`x-sql-statements`, SQL_STATS): a fixed number, whatever the page holds. Another
// company made alike never shows in an answer; the board's live changes come by subscription,
// and another company's never arrive.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { encodeStatic } from '../graph/logistics/ais-encode.ts';
import { baseUrl, client, graphql, newCompany, uniq } from './helpers.ts';
import { subscribe as subscribeOver, type Subscription } from './setup/sse.ts';

/** A date-time `days` from now, to the second, as the API writes them. */
const fromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The statements an answer of `n` statements on the embedded database costs here: on PostgreSQL
 * one more, the commit of the read-only snapshot its reads share (graph/database/transaction.ts).
 */
const statementsOf = (n: number) => n + (inject('databaseKind') === 'postgres' ? 1 : 0);

/** A fresh company, with what the questions need to fill it and to ask. */
async function company() {
  const co = await newCompany();
  const C = client(co.api_key);
  const op = co.operation.id;
  const slot = (role: string) => co.operation.handlers.find((h) => h.role === role)!.id;
  return {
    co,
    C,
    op,
    slot,
    /** Creates (or updates, by reference code) processes in one batch; answers their ids in order. */
    async processes(list: Record<string, unknown>[]): Promise<number[]> {
      const res = await C.put(`/operations/${op}/processes`, list);
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
      return res.body.data.map((p: { id: number }) => p.id);
    },
    async lifecycle(id: number, action: 'finish' | 'cancel') {
      expect((await C.put(`/operations/${op}/processes/${id}/${action}`)).status).toBe(200);
    },
    async actor(role: string, name = uniq(`${role} `)): Promise<number> {
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

/** A sea shipment from Shanghai arriving `eta` at `port`, without tracking. */
const sea = (eta: string, port = 'BRSSZ', extra: Record<string, unknown> = {}, maritime: Record<string, unknown> = {}) => ({
  type: 'MARITIME_TRANSPORT',
  eta,
  automatic_tracking_enabled: false,
  maritime_transport_shipment: { type: 'FCL', loading_port_code: 'CNSGH', discharge_port_code: port, ...maritime },
  ...extra,
});

const containerCode = () => `TTDU${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const containers = (codes: string[], extra: Record<string, unknown> = {}) => codes.map((code) => ({ type: 'CONTAINER', container: { code, type: 'DRY', size_foot_type: 'STANDARD_40', ...extra } }));

/** A vessel imported from one AIS static report; answers its id. */
async function vessel(C: ReturnType<typeof client>, mmsi: string): Promise<number> {
  const feed = encodeStatic({ mmsi: Number(mmsi), name: `TT D${mmsi.slice(-4)}`, eta: { month: 6, day: 10, hour: 12, minute: 0 }, destination: 'BRSSZ' });
  const res = await fetch(`${baseUrl()}/admin/imports/ais`, { method: 'POST', headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' }, body: feed.join('\n') });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await C.get(`/vessels/${mmsi}/current-voyage`)).body.data.id;
}
const mmsiOf = () => `73${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

const open: Subscription[] = [];

/** Subscribes with the company's key (tests/setup/sse.ts) and keeps the stream to close after the test. */
async function subscribe(key: string, query: string, variables: Record<string, unknown>): Promise<Subscription> {
  const stream = await subscribeOver(baseUrl(), key, query, variables);
  open.push(stream);
  return stream;
}

/**
 * Waits until the server holds the subscription: the ETA of a scratch process of the company
 * moves until the stream receives the move (a move made before the subscription started is not
 * delivered to it). Answers the scratch process.
 */
async function registered(q: Awaited<ReturnType<typeof company>>, stream: Subscription): Promise<number> {
  const reference_code = uniq('D7-PROBE-');
  const [probe] = await q.processes([{ reference_code, foreign_trade_shipment: sea('2031-01-01T00:00:00Z') }]);
  for (let day = 2; day < 28 && !stream.events.some((e) => e.resource_id === probe); day++) {
    await q.processes([{ reference_code, foreign_trade_shipment: { eta: `2031-01-${String(day).padStart(2, '0')}T00:00:00Z` } }]);
    await stream.until((list) => list.some((e) => e.resource_id === probe), 300).catch(() => undefined);
  }
  await stream.until((list) => list.some((e) => e.resource_id === probe));
  return probe;
}

afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

describe('GraphQL: dashboard questions', () => {
  it('1. containers per discharge port arriving in the next 21 days', async () => {
    const make = async () => {
      const q = await company();
      const [, , , done] = await q.processes([
        { reference_code: 'D1-SANTOS', foreign_trade_shipment: sea(fromNow(3), 'BRSSZ', { transportables: containers([containerCode(), containerCode()]) }) },
        { reference_code: 'D1-RIO', foreign_trade_shipment: sea(fromNow(12), 'BRRIG', { transportables: containers([containerCode()]) }) },
        { reference_code: 'D1-LATER', foreign_trade_shipment: sea(fromNow(30), 'BRSSZ', { transportables: containers([containerCode()]) }) },
        { reference_code: 'D1-DONE', foreign_trade_shipment: sea(fromNow(5), 'BRRIG', { transportables: containers([containerCode()]) }) },
      ]);
      await q.lifecycle(done, 'finish');
      return q;
    };
    const q = await make();
    await make();
    const query = `query ($op: Int!, $from: DateTime!, $to: DateTime!) {
      containerAggregate(operation_id: $op, group_by: [DISCHARGE_PORT], filters: { status: [ACTIVE], eta_from: $from, eta_to: $to }) {
        groups { key { discharge_port_unlocode } count eta_min eta_max }
        truncated
      }
    }`;
    const { data, statements } = await q.ask(query, { from: fromNow(0), to: fromNow(21) });
    expect(data.containerAggregate.groups.map((g: any) => [g.key.discharge_port_unlocode, g.count])).toEqual([['BRSSZ', 2], ['BRRIG', 1]]);
    expect(data.containerAggregate.groups[1].eta_min).toBe(data.containerAggregate.groups[1].eta_max);
    expect(data.containerAggregate.truncated).toBe(false);
    expect(statements).toBe(statementsOf(1));
  });

  it('2. containers whose free time ends within 5 days, with their vessel and importer', async () => {
    const make = async () => {
      const q = await company();
      const followed = await vessel(q.C, mmsiOf());
      const importer = (official_name: string) => ({ importer: { operation_handler_id: q.slot('importer'), actor: { official_name, internal_code: uniq('IMP-') } } });
      const codes = { soon: containerCode(), sooner: containerCode(), returned: containerCode(), later: containerCode(), past: containerCode(), done: containerCode() };
      // Free time of 10 days from the ATA (8 days ago: ends in 2 days) or from the container's own start.
      const terms = (ata: number) => ({ ata: fromNow(ata), demurrage: { free_time: 10, daily_rate_usd: '100.0000' } });
      const [, , , done] = await q.processes([
        {
          reference_code: 'D2-ACME',
          handler: importer('Acme Importadora Ltda'),
          foreign_trade_shipment: sea(fromNow(-8), 'BRSSZ', {
            ...terms(-8),
            transportables: [
              ...containers([codes.soon]),
              ...containers([codes.sooner], { demurrage_free_time_start_at: fromNow(-9) }),
              ...containers([codes.returned], { actual_return_empty_container_at: fromNow(-1) }),
            ],
          }, { tracking_key: 'VESSEL', vessel_id: followed }),
        },
        { reference_code: 'D2-LATER', handler: importer('Beta Comercio Ltda'), foreign_trade_shipment: sea(fromNow(-3), 'BRSSZ', { ...terms(-3), transportables: containers([codes.later]) }) },
        { reference_code: 'D2-PAST', foreign_trade_shipment: sea(fromNow(-12), 'BRSSZ', { ...terms(-12), transportables: containers([codes.past]) }) },
        { reference_code: 'D2-DONE', foreign_trade_shipment: sea(fromNow(-8), 'BRSSZ', { ...terms(-8), transportables: containers([codes.done]) }) },
      ]);
      await q.lifecycle(done, 'finish');
      return { q, codes, followed };
    };
    const { q, codes, followed } = await make();
    await make();
    const page = (limit: number) =>
      q.ask(
        `query ($from: DateTime!, $to: DateTime!) {
          containers(limit: ${limit}, filters: { status: [ACTIVE], returned_empty: false, free_time_ends_at_from: $from, free_time_ends_at_to: $to }, order_by: [{ field: free_time_ends_at }]) {
            total_count
            data {
              code free_time_ends_at demurrage_exceeding_days
              transportable { shipment {
                maritime_transport_shipment { vessel { id name } }
                process { reference_code handler { importer { actor { official_name } } } }
              } }
            }
          }
        }`,
        { from: fromNow(0), to: fromNow(5) },
      );
    const { data, statements } = await page(20);
    const acme = { maritime_transport_shipment: { vessel: { id: followed, name: expect.stringMatching(/^TT D/) } }, process: { reference_code: 'D2-ACME', handler: { importer: { actor: { official_name: 'Acme Importadora Ltda' } } } } };
    expect(data.containers.total_count).toBe(2);
    expect(data.containers.data).toEqual([
      { code: codes.sooner, free_time_ends_at: expect.any(String), demurrage_exceeding_days: 0, transportable: { shipment: acme } },
      { code: codes.soon, free_time_ends_at: expect.any(String), demurrage_exceeding_days: 0, transportable: { shipment: acme } },
    ]);
    const [sooner, soon] = data.containers.data.map((c: any) => Date.parse(c.free_time_ends_at));
    expect(soon - Date.now()).toBeGreaterThan(1.9 * 86_400_000);
    expect(soon - Date.now()).toBeLessThan(2.1 * 86_400_000);
    expect(Math.abs(soon - sooner - 86_400_000)).toBeLessThanOrEqual(1_000);
    expect((await page(1)).statements).toBe(statements);
    expect(statements).toBe(statementsOf(3));
  });

  it('3. the 10 largest ETA moves of the last 14 days, with the ETA before and after', async () => {
    const make = async () => {
      const q = await company();
      const codes = Array.from({ length: 12 }, (_, i) => `D3-${String(i + 1).padStart(2, '0')}`);
      await q.processes(codes.map((reference_code) => ({ reference_code, foreign_trade_shipment: sea('2031-05-01T00:00:00Z') })));
      // A move before the window, larger than any in it.
      await q.processes([{ reference_code: 'D3-01', foreign_trade_shipment: { eta: '2031-09-01T00:00:00Z' } }]);
      return { q, codes };
    };
    const { q, codes } = await make();
    const other = await make();
    const since = new Date().toISOString();
    // Process i moves i days later (the odd ones) or earlier (the even ones).
    const day = (i: number) => new Date(Date.parse('2031-05-01T00:00:00Z') + (i % 2 ? 1 : -1) * i * 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    await q.processes(codes.slice(1).map((reference_code, i) => ({ reference_code, foreign_trade_shipment: { eta: day(i + 2) } })));
    await other.q.processes([{ reference_code: 'D3-02', foreign_trade_shipment: { eta: '2032-01-01T00:00:00Z' } }]);
    const page = (limit: number) =>
      q.ask(
        `query ($since: DateTime!) {
          etaChanges(filters: { changed_at_from: $since }, order_by: [{ field: move_size_minutes, order: DESC_NULLS_LAST }], limit: ${limit}) {
            data { previous_eta new_eta move_minutes changed_at process { reference_code } }
          }
        }`,
        { since },
      );
    const { data, statements } = await page(10);
    expect(data.etaChanges.data.map((c: any) => [c.process.reference_code, c.previous_eta, c.new_eta, c.move_minutes])).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => [`D3-${String(i).padStart(2, '0')}`, '2031-05-01T00:00:00Z', day(i), (i % 2 ? 1 : -1) * i * 1440]),
    );
    for (const c of data.etaChanges.data) expect(Date.parse(c.changed_at)).toBeGreaterThanOrEqual(Date.parse(since));
    expect((await page(1)).statements).toBe(statements);
    expect(statements).toBe(statementsOf(2));
  });

  it('4. open quantity and value per supplier', async () => {
    const make = async () => {
      const q = await company();
      const [a, b] = [await q.actor('SUPPLIER'), await q.actor('SUPPLIER')];
      const products = [uniq('D4-VALVE-'), uniq('D4-GAUGE-')];
      expect((await q.C.put('/products', products.map((code) => ({ code, description: `Part ${code}` })))).status).toBe(201);
      const line = (line_reference: string, product_code: string, quantity: string, order_value: string, order_currency_code = 'USD') => ({ line_reference, product_code, quantity, order_value, order_currency_code });
      const order = (reference_code: string, actor_id: number, items: unknown[]) => ({ reference_code, handler: { supplier: { operation_handler_id: q.slot('supplier'), actor_id } }, purchase_order: { type: 'DIRECT', items } });
      const made = await q.C.put(`/operations/${q.op}/orders`, [
        order('D4-PO-1', a, [line('10', products[0], '100.0000', '3550.00'), line('20', products[1], '40.0000', '800.00')]),
        order('D4-PO-2', b, [line('10', products[0], '60.0000', '2130.00')]),
        order('D4-PO-3', a, [line('10', products[1], '5.0000', '100.00')]),
      ]);
      expect(made.status, JSON.stringify(made.body).slice(0, 500)).toBe(200);
      expect((await q.C.put(`/operations/${q.op}/orders/${made.body.data[2].id}/cancel`)).status).toBe(200);
      await q.processes([{ reference_code: 'D4-SHIP', order_reference_codes: ['D4-PO-1'], foreign_trade_shipment: { ...sea('2031-05-10T00:00:00Z'), items: [{ line_reference: '10', quantity: '30.0000' }] } }]);
      return { q, a, b };
    };
    const { q, a, b } = await make();
    await make();
    const { data, statements } = await q.ask(`query ($op: Int!) {
      orderLineAggregate(operation_id: $op, group_by: [SUPPLIER], filters: { status: [ACTIVE] }) {
        groups { key { supplier_id currency_code } count quantity balance value }
        truncated
      }
    }`);
    expect(data.orderLineAggregate).toEqual({
      groups: [
        { key: { supplier_id: a, currency_code: 'USD' }, count: 2, quantity: '140.0000', balance: '110.0000', value: '4350.00' },
        { key: { supplier_id: b, currency_code: 'USD' }, count: 1, quantity: '60.0000', balance: '60.0000', value: '2130.00' },
      ],
      truncated: false,
    });
    expect(statements).toBe(statementsOf(1));
  });

  it('5. processes of a customs broker with no customs declaration, arriving within 10 days', async () => {
    const make = async () => {
      const q = await company();
      const broker = await q.actor('CUSTOMS_BROKER');
      const other = await q.actor('CUSTOMS_BROKER');
      const by = (actor_id: number) => ({ customs_broker: { operation_handler_id: q.slot('customs_broker'), actor_id } });
      const declared = { shipment_import_declarations: [{ import_declaration: { number: '31/0412345-6' } }] };
      const [soon, later, , , , done] = await q.processes([
        { reference_code: 'D5-SOON', handler: by(broker), foreign_trade_shipment: sea(fromNow(2)) },
        { reference_code: 'D5-LATER', handler: by(broker), foreign_trade_shipment: sea(fromNow(9)) },
        { reference_code: 'D5-DECLARED', handler: by(broker), foreign_trade_shipment: sea(fromNow(4), 'BRSSZ', declared) },
        { reference_code: 'D5-BEYOND', handler: by(broker), foreign_trade_shipment: sea(fromNow(15)) },
        { reference_code: 'D5-OTHER', handler: by(other), foreign_trade_shipment: sea(fromNow(3)) },
        { reference_code: 'D5-DONE', handler: by(broker), foreign_trade_shipment: sea(fromNow(3)) },
      ]);
      await q.lifecycle(done, 'finish');
      return { q, broker, soon, later };
    };
    const { q, broker, soon, later } = await make();
    await make();
    const page = (limit: number) =>
      q.ask(
        `query ($op: Int!, $broker: Int!, $from: DateTime!, $to: DateTime!) {
          processes(operation_id: $op, limit: ${limit}, order_by: [{ field: eta }], filters: {
            status: [ACTIVE], actor_ids: [$broker], actor_role: CUSTOMS_BROKER, has_customs_declaration: false, eta_from: $from, eta_to: $to
          }) {
            total_count
            data { id reference_code foreign_trade_shipment { eta } }
          }
        }`,
        { broker, from: fromNow(0), to: fromNow(10) },
      );
    const { data, statements } = await page(20);
    expect(data.processes.total_count).toBe(2);
    expect(data.processes.data.map((p: any) => [p.id, p.reference_code])).toEqual([[soon, 'D5-SOON'], [later, 'D5-LATER']]);
    expect((await page(1)).statements).toBe(statements);
    expect(statements).toBe(statementsOf(4));
  });

  it("6. a product's whole history: its order lines with their balance, and the invoice lines that shipped it", async () => {
    const make = async (code: string) => {
      const q = await company();
      expect((await q.C.put('/products', [{ code, description: 'Stainless steel valve 2"' }])).status).toBe(201);
      const made = await q.C.put(`/operations/${q.op}/orders`, [
        { reference_code: 'D6-PO', purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: code, quantity: '1200.0000' }] } },
        { reference_code: 'D6-SO', sales_order: { type: 'DIRECT', items: [{ line_reference: '1', product_code: code, quantity: '50.0000' }] } },
      ]);
      expect(made.status, JSON.stringify(made.body).slice(0, 500)).toBe(200);
      const invoice = (number: string, quantity: string) => ({
        number, emitted_at: '2031-03-28T00:00:00Z', incoterm: 'FOB', currency_code: 'USD',
        items: [{ product_sku: code, quantity, shipment_quantity: quantity, unitary_amount: '35.5000' }],
      });
      await q.processes([
        { reference_code: 'D6-IMP-1', order_reference_codes: ['D6-PO'], foreign_trade_shipment: sea('2031-05-06T00:00:00Z', 'BRSSZ', { invoices: [invoice('INV-1', '800.0000')], items: [{ line_reference: '10', quantity: '800.0000' }] }) },
        { reference_code: 'D6-IMP-2', order_reference_codes: ['D6-PO'], foreign_trade_shipment: sea('2031-06-06T00:00:00Z', 'BRSSZ', { invoices: [invoice('INV-2', '100.0000')], items: [{ line_reference: '10', quantity: '100.0000' }] }) },
      ]);
      return q;
    };
    const code = uniq('D6-VLV-');
    const q = await make(code);
    await make(code);
    const { data, statements } = await q.ask(`query ($code: String!) {
      productByCode(code: $code) {
        code description inserted_at
        purchase_order_items(first: 100) { line_reference quantity balance_shipped balance purchase_order { order { reference_code } } }
        sales_order_items(first: 100) { line_reference quantity balance sales_order { order { reference_code } } }
        invoice_items(first: 100) { quantity unitary_amount invoice { number shipment { eta process { reference_code } } } }
      }
    }`, { code });
    expect(data.productByCode).toEqual({
      code,
      description: 'Stainless steel valve 2"',
      inserted_at: expect.any(String),
      purchase_order_items: [{ line_reference: '10', quantity: '1200.0000', balance_shipped: '900.0000', balance: '300.0000', purchase_order: { order: { reference_code: 'D6-PO' } } }],
      sales_order_items: [{ line_reference: '1', quantity: '50.0000', balance: '50.0000', sales_order: { order: { reference_code: 'D6-SO' } } }],
      invoice_items: expect.arrayContaining([
        { quantity: '800.0000', unitary_amount: '35.5000', invoice: { number: 'INV-1', shipment: { eta: '2031-05-06T00:00:00Z', process: { reference_code: 'D6-IMP-1' } } } },
        { quantity: '100.0000', unitary_amount: '35.5000', invoice: { number: 'INV-2', shipment: { eta: '2031-06-06T00:00:00Z', process: { reference_code: 'D6-IMP-2' } } } },
      ]),
    });
    expect(data.productByCode.invoice_items).toHaveLength(2);
    expect(statements).toBe(statementsOf(3));
  });

  it("7. a board's live changes: the operation's process changes as they commit, never another company's", async () => {
    const q = await company();
    const other = await company();
    const board = `subscription ($op: Int!, $filters: ProcessesChangedFilters) {
      processesChanged(operation_id: $op, filters: $filters) { id type resource_id resource_reference_code }
    }`;
    const [watched] = await q.processes([{ reference_code: 'D7-WATCHED', foreign_trade_shipment: sea('2031-05-10T00:00:00Z') }]);
    const [theirs] = await other.processes([{ reference_code: 'D7-WATCHED', foreign_trade_shipment: sea('2031-05-10T00:00:00Z') }]);
    const mine = await subscribe(q.co.api_key, board, { op: q.op, filters: { types: ['shipment.eta_changed'] } });
    const theirBoard = await subscribe(other.co.api_key, board, { op: other.op });
    const probe = await registered(q, mine);
    const theirProbe = await registered(other, theirBoard);
    // Another company's change, relayed to its own board first; then this company's.
    await other.processes([{ reference_code: 'D7-WATCHED', foreign_trade_shipment: { eta: '2031-05-20T00:00:00Z' } }]);
    await theirBoard.until((list) => list.some((e) => e.type === 'shipment.eta_changed' && e.resource_id === theirs));
    await q.processes([{ reference_code: 'D7-WATCHED', foreign_trade_shipment: { eta: '2031-05-17T00:00:00Z' } }]);
    await mine.until((list) => list.some((e) => e.resource_id === watched));
    // Only the filtered type, only this company's processes: the probe's moves and the watched one's.
    expect(mine.events.filter((e) => e.resource_id === watched).map((e) => [e.type, e.resource_reference_code])).toEqual([['shipment.eta_changed', 'D7-WATCHED']]);
    expect(mine.events.every((e) => e.type === 'shipment.eta_changed' && [watched, probe].includes(e.resource_id))).toBe(true);
    expect(theirBoard.events.every((e) => [theirs, theirProbe].includes(e.resource_id))).toBe(true);
    expect([mine, theirBoard].flatMap((s) => s.errors)).toEqual([]);
  });
});
