// Aggregates of processes and containers (docs/graphql-aggregates.md), over HTTP on a company of
// each test's own: exact counts and date ranges of the data it made, another company's rows
// never counted, the process list's filters meaning the same, one SQL statement each, and bad
// groupings refused with the catalogue error before any work.
import { describe, expect, it } from 'vitest';
import { api, client, graphql, newCompany, uniq } from './helpers.ts';


/** A sea shipment arriving `eta`, loading at `from`, discharging at `to`, with `containers` containers. */
const sea = (eta: string, from: string, to: string, containers: string[] = [], sealine_code?: string) => ({
  type: 'MARITIME_TRANSPORT',
  eta,
  automatic_tracking_enabled: false,
  maritime_transport_shipment: { type: 'FCL', loading_port_code: from, discharge_port_code: to, ...(sealine_code ? { sealine_code } : {}) },
  transportables: containers.map((size, i) => ({ type: 'CONTAINER', container: { code: `${uniq('MSCU').slice(0, 4)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}${i % 10}`, type: 'DRY', size_foot_type: size } })),
});

async function company() {
  const co = await newCompany();
  const C = client(co.api_key);
  const op = co.operation.id;
  return {
    key: co.api_key,
    op,
    slot: (role: string) => co.operation.handlers.find((h) => h.role === role)!.id,
    async processes(list: Record<string, unknown>[]): Promise<number[]> {
      const res = await C.put(`/operations/${op}/processes`, list);
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
      return res.body.data.map((p: { id: number }) => p.id);
    },
    async act(id: number, action: 'finish' | 'cancel' | 'delete') {
      const res = action === 'delete' ? await api('DELETE', `/operations/${op}/processes/${id}`, { key: co.api_key }) : await C.put(`/operations/${op}/processes/${id}/${action}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    },
    async actor(role: string): Promise<number> {
      const res = await C.post('/partnerships', { name: uniq('Partner '), internal_code: uniq('ACT-'), roles: [{ role }] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.data.partner.id;
    },
    /** One POST to /graphql: the answer and the statements it cost. */
    async ask(query: string, variables: Record<string, unknown> = {}) {
      const res = await graphql(co.api_key, query, { op, ...variables });
      return { status: res.status, body: res.body, statements: Number(res.headers.get('x-sql-statements')) };
    },
  };
}

const AGG = `query ($op: Int!, $by: [ProcessDimension!], $f: ProcessFilters, $limit: Int) {
  processAggregate(operation_id: $op, group_by: $by, filters: $f, limit: $limit) {
    groups { key { state transport_mode discharge_port_unlocode loading_port_unlocode eta_week supplier_id sealine_scac } count eta_min eta_max }
    truncated
  }
}`;

/** Five processes: three by sea (two to Santos), one by air, one without a shipment; one finished, one canceled, one deleted. */
async function fleet() {
  const q = await company();
  const supplier = await q.actor('SUPPLIER');
  const entry = { supplier: { operation_handler_id: q.slot('supplier'), actor_id: supplier } };
  const ids = await q.processes([
    { reference_code: 'A1', handler: entry, foreign_trade_shipment: sea('2031-03-04T10:00:00Z', 'CNSGH', 'BRSSZ', ['STANDARD_40', 'STANDARD_40', 'STANDARD_20'], 'MSCU') },
    { reference_code: 'A2', handler: entry, foreign_trade_shipment: sea('2031-03-06T23:00:00Z', 'CNNGB', 'BRSSZ', ['STANDARD_40'], 'MAEU') },
    { reference_code: 'A3', foreign_trade_shipment: sea('2031-03-12T08:00:00Z', 'CNSGH', 'BRRIG', ['STANDARD_20', 'STANDARD_20']) },
    { reference_code: 'A4', foreign_trade_shipment: { type: 'AIR_TRANSPORT', eta: '2031-03-05T00:00:00Z' } },
    { reference_code: 'A5' },
    { reference_code: 'A6', foreign_trade_shipment: sea('2031-03-05T10:00:00Z', 'CNSGH', 'BRSSZ', ['STANDARD_40']) },
  ]);
  await q.act(ids[2], 'finish');
  await q.act(ids[3], 'cancel');
  await q.act(ids[5], 'delete');
  return { ...q, ids, supplier };
}

/** An error answer without what differs between two requests (its request id). */
const sameError = (body: { errors?: { message: string; extensions: Record<string, unknown> }[] }) =>
  (body.errors ?? []).map(({ message, extensions: { request_id: _id, ...rest } }) => ({ message, ...rest }));

/** The groups of an answer as `key values joined -> count`, for exact comparison. */
const counted = (groups: { key: Record<string, unknown>; count: number }[], ...keys: string[]) =>
  Object.fromEntries(groups.map((g) => [keys.map((k) => String(g.key[k])).join(' '), g.count]));

describe('process aggregates', () => {
  it('count the live processes by state and by transport mode, each in one SQL statement', async () => {
    const q = await fleet();
    await q.ask(AGG, { by: ['STATE'] });
    const byState = await q.ask(AGG, { by: ['STATE'] });
    expect(byState.body.errors, JSON.stringify(byState.body.errors)).toBeUndefined();
    expect(counted(byState.body.data.processAggregate.groups, 'state')).toEqual({ ACTIVE: 3, FINISHED: 1, CANCELED: 1 });
    expect(byState.body.data.processAggregate.truncated).toBe(false);
    expect(byState.statements).toBe(1);
    const byMode = await q.ask(AGG, { by: ['TRANSPORT_MODE', 'STATE'] });
    expect(counted(byMode.body.data.processAggregate.groups, 'transport_mode', 'state')).toEqual({
      'MARITIME_TRANSPORT ACTIVE': 2,
      'MARITIME_TRANSPORT FINISHED': 1,
      'AIR_TRANSPORT CANCELED': 1,
      'null ACTIVE': 1,
    });
    expect(byMode.statements).toBe(1);
  });

  it('group by discharge port and ETA week with the range of ETAs, and answer one group without group_by', async () => {
    const q = await fleet();
    const { body } = await q.ask(AGG, { by: ['DISCHARGE_PORT', 'ETA_WEEK'], f: { status: ['ACTIVE', 'FINISHED'] } });
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    const groups = body.data.processAggregate.groups.map((g: any) => ({ port: g.key.discharge_port_unlocode, week: g.key.eta_week, count: g.count, eta_min: g.eta_min, eta_max: g.eta_max }));
    expect(groups).toEqual([
      { port: 'BRSSZ', week: '2031-03-03T00:00:00Z', count: 2, eta_min: '2031-03-04T10:00:00Z', eta_max: '2031-03-06T23:00:00Z' },
      { port: 'BRRIG', week: '2031-03-10T00:00:00Z', count: 1, eta_min: '2031-03-12T08:00:00Z', eta_max: '2031-03-12T08:00:00Z' },
      { port: null, week: null, count: 1, eta_min: null, eta_max: null },
    ]);
    const all = await q.ask(AGG);
    expect(all.body.data.processAggregate.groups).toEqual([
      { key: { state: null, transport_mode: null, discharge_port_unlocode: null, loading_port_unlocode: null, eta_week: null, supplier_id: null, sealine_scac: null }, count: 5, eta_min: '2031-03-04T10:00:00Z', eta_max: '2031-03-12T08:00:00Z' },
    ]);
  });

  it('apply the process list filters exactly as the list does', async () => {
    const q = await fleet();
    const filters = [
      { status: ['ACTIVE'] },
      { port_unlocodes: ['BRSSZ'] },
      { port_unlocodes: ['CNNGB', 'BRRIG'] },
      { eta_from: '2031-03-05T00:00:00Z', eta_to: '2031-03-10T00:00:00Z' },
      { actor_ids: [q.supplier] },
      { reference_codes: ['A1', 'A4', 'A6'] },
      { alert_level: 'NORMAL', status: ['CANCELED', 'FINISHED'] },
      { transport_modes: ['MARITIME_TRANSPORT'], status: ['ACTIVE'] },
      { loading_port_unlocodes: ['CNNGB', 'CNSGH'] },
      { discharge_port_unlocodes: ['BRSSZ'] },
      { actor_role: 'SUPPLIER' },
      { actor_ids: [q.supplier], actor_role: 'SUPPLIER' },
      { has_customs_declaration: false },
      { has_documents: false, transport_modes: ['AIR_TRANSPORT'] },
    ];
    for (const f of filters) {
      const { body } = await q.ask(
        `query ($op: Int!, $f: ProcessFilters) { processes(operation_id: $op, filters: $f) { total_count } processAggregate(operation_id: $op, filters: $f) { groups { count } } }`,
        { f },
      );
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      const sum = body.data.processAggregate.groups.reduce((n: number, g: { count: number }) => n + g.count, 0);
      expect(sum, JSON.stringify(f)).toBe(body.data.processes.total_count);
      expect(sum, JSON.stringify(f)).toBeGreaterThan(0);
    }
  });

  it('group by supplier and sealine, and never count another company\'s processes', async () => {
    const q = await fleet();
    await fleet();
    const { body } = await q.ask(AGG, { by: ['SUPPLIER', 'SEALINE'] });
    expect(counted(body.data.processAggregate.groups, 'supplier_id', 'sealine_scac')).toEqual({ [`${q.supplier} MSCU`]: 1, [`${q.supplier} MAEU`]: 1, 'null null': 3 });
    const other = await company();
    const foreign = await other.ask(AGG, { op: q.op });
    // Another company's operation answers exactly like a missing one.
    expect(foreign.body.data).toBeNull();
    expect(foreign.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect(sameError(foreign.body)).toEqual(sameError((await other.ask(AGG, { op: 2_000_000_000 })).body));
    const empty = await other.ask(AGG, { by: ['STATE'] });
    expect(empty.body.data.processAggregate).toEqual({ groups: [], truncated: false });
  });

  it('cut the groups at `limit`, largest first, and say so', async () => {
    const q = await fleet();
    const { body } = await q.ask(AGG, { by: ['LOADING_PORT'], limit: 1 });
    expect(body.data.processAggregate.truncated).toBe(true);
    expect(counted(body.data.processAggregate.groups, 'loading_port_unlocode')).toEqual({ CNSGH: 2 });
  });

  it('refuse more than two dimensions, a repeated one, an unknown one and a limit out of range, before any work', async () => {
    const q = await company();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ by: ['STATE', 'TRANSPORT_MODE', 'VESSEL'] }, 'group_by', 'has too many items (maximum is 2)'],
      [{ by: ['STATE', 'STATE'] }, 'group_by', 'is invalid'],
      [{ limit: 0 }, 'limit', 'is out of range'],
      [{ limit: 1001 }, 'limit', 'is out of range'],
    ];
    for (const [variables, name, message] of cases) {
      const res = await graphql(q.key, AGG, { op: q.op, ...variables });
      expect(res.body.data, JSON.stringify(res.body)).toBeNull();
      expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', fields: [{ name, message }] });
      expect(Number(res.headers.get('x-sql-statements')), 'no statement before the refusal').toBe(0);
    }
    const unknown = await q.ask(AGG, { by: ['COLOR'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data).toBeUndefined();
  });
});

describe('the cost of aggregates', () => {
  it('counts the groups as `limit` entries: three aggregates of 1,000 groups pass, four are refused before any work', async () => {
    const q = await company();
    const one = (alias: string) => `${alias}: processAggregate(operation_id: $op, group_by: [STATE], limit: 1000) { groups { key { state transport_mode vessel_id } count } }`;
    const doc = (n: number) => `query ($op: Int!) { ${['a', 'b', 'c', 'd'].slice(0, n).map(one).join(' ')} }`;
    const three = await q.ask(doc(3));
    expect(three.body.errors, JSON.stringify(three.body.errors)).toBeUndefined();
    const four = await q.ask(doc(4));
    expect(four.status).toBe(400);
    expect(four.body.errors[0].message).toBe('Query cost limit of 20000 exceeded: ask for smaller pages or fewer fields.');
    expect(four.statements).toBe(0);
  });
});

describe('container aggregates', () => {
  it('count containers by discharge port and size, by ETA week, in one SQL statement', async () => {
    const q = await fleet();
    await fleet();
    const query = `query ($op: Int!, $by: [ContainerDimension!], $f: ProcessFilters) {
      containerAggregate(operation_id: $op, group_by: $by, filters: $f) { groups { key { discharge_port_unlocode size_foot_type eta_week } count eta_min } truncated }
    }`;
    await q.ask(query, { by: ['DISCHARGE_PORT'] });
    const bySize = await q.ask(query, { by: ['DISCHARGE_PORT', 'CONTAINER_SIZE'] });
    expect(bySize.body.errors, JSON.stringify(bySize.body.errors)).toBeUndefined();
    expect(counted(bySize.body.data.containerAggregate.groups, 'discharge_port_unlocode', 'size_foot_type')).toEqual({
      'BRSSZ STANDARD_40': 3,
      'BRSSZ STANDARD_20': 1,
      'BRRIG STANDARD_20': 2,
    });
    expect(bySize.statements).toBe(1);
    const week = await q.ask(query, { by: ['ETA_WEEK'], f: { status: ['ACTIVE'] } });
    expect(week.body.data.containerAggregate.groups).toEqual([
      { key: { discharge_port_unlocode: null, size_foot_type: null, eta_week: '2031-03-03T00:00:00Z' }, count: 4, eta_min: '2031-03-04T10:00:00Z' },
    ]);
  });
});
