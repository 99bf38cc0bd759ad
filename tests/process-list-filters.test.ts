// The process list's filters on transport mode, loading and discharge port apart, customs
// declarations, documents and an actor in a named role, and its sorts on the shipment's dates
// (docs/processes/index.md, "List filters" and "Sorting by the shipment's dates"): each keeps
// exactly its rows, in REST and GraphQL, never another company's; the aggregates count alike;
// a cursor walk on ETA sees each row once; a bad value is the catalogue's 400.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, connectionNodes, errorBody, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

type Row = { id: number; reference_code: string };

/** A sea shipment from `from` to `to`. */
const sea = (from: string, to: string, dates: Record<string, string> = {}) => ({
  type: 'MARITIME_TRANSPORT',
  automatic_tracking_enabled: false,
  ...dates,
  maritime_transport_shipment: { type: 'FCL', loading_port_code: from, discharge_port_code: to },
});

/** A company with five processes of known shapes, and the codes it gave them. */
async function fleet(company: TestCompany) {
  const C = client(company.api_key);
  const slot = (role: string) => company.operation.handlers.find((h) => h.role === role)!.id;
  const actor = async () => {
    const res = await C.post('/partnerships', { name: uniq('Partner '), internal_code: uniq('ACT-'), roles: [{ role: 'CUSTOMS_BROKER' }, { role: 'SUPPLIER' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.partner.id as number;
  };
  const [first, second] = [await actor(), await actor()];
  const code = { santos: uniq('SSZ-'), rio: uniq('RIG-'), air: uniq('AIR-'), none: uniq('NON-'), ningbo: uniq('NGB-') };
  const broker = (id: number) => ({ customs_broker: { operation_handler_id: slot('customs_broker'), actor_id: id } });
  const res = await C.put(`/operations/${company.operation.id}/processes`, [
    {
      reference_code: code.santos,
      handler: broker(first),
      foreign_trade_shipment: { ...sea('CNSHA', 'BRSSZ', { etd: '2031-03-01T00:00:00Z', eta: '2031-04-10T00:00:00Z' }), shipment_import_declarations: [{ import_declaration: { number: '31/0412345-6' } }] },
    },
    {
      reference_code: code.rio,
      handler: { supplier: { operation_handler_id: slot('supplier'), actor_id: first } },
      foreign_trade_shipment: sea('DEHAM', 'BRRIG', { etd: '2031-03-03T00:00:00Z', eta: '2031-04-05T00:00:00Z', ata: '2031-04-06T00:00:00Z' }),
    },
    {
      reference_code: code.air,
      handler: broker(second),
      foreign_trade_shipment: { type: 'AIR_TRANSPORT', eta: '2031-04-01T00:00:00Z', shipment_export_declarations: [{ export_declaration: { number: '31BR000123456-7' } }] },
    },
    { reference_code: code.none },
    { reference_code: code.ningbo, foreign_trade_shipment: { ...sea('CNNGB', 'BRSSZ'), shipment_duimps: [{ duimp: { number: '31BR0000012345' } }] } },
  ]);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  const ids = Object.fromEntries((res.body.data as Row[]).map((p) => [p.reference_code, p.id]));
  // A document on the Rio process, and one on the Santos process that is deleted again.
  const attach = async (reference: string) => {
    const form = new FormData();
    form.append('type', 'BILL_OF_LADING');
    form.append('file', new Blob([new TextEncoder().encode('bl')], { type: 'text/plain' }), 'bl.txt');
    const up = await fetch(`${baseUrl()}/api/operations/${company.operation.id}/processes/${ids[reference]}/documents`, { method: 'POST', headers: { 'api-key': company.api_key }, body: form });
    expect(up.status).toBe(201);
    return ((await up.json()) as { data: { id: number } }).data.id;
  };
  await attach(code.rio);
  const dropped = await attach(code.santos);
  expect((await C.del(`/operations/${company.operation.id}/processes/${ids[code.santos]}/documents/${dropped}`)).status).toBe(200);
  return { C, code, ids, first, second, path: `/operations/${company.operation.id}/processes` };
}

describe('process list filters on the shipment, documents and handler roles', () => {
  let company: TestCompany;
  let f: Awaited<ReturnType<typeof fleet>>;
  let other: Awaited<ReturnType<typeof fleet>>;

  beforeAll(async () => {
    company = await newCompany();
    f = await fleet(company);
    // Another company with processes of the same shapes: none of them may appear in the first one's lists.
    other = await fleet(await newCompany());
  });

  const listed = async (query: string, of = f) => {
    const res = await of.C.get(of.path, `${query}&limit=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total_count).toBe(res.body.data.length);
    return (res.body.data as Row[]).map((p) => p.reference_code).sort();
  };
  const sorted = (...codes: string[]) => [...codes].sort();

  it('filters by transport mode and by loading and discharge port apart', async () => {
    const { code } = f;
    expect(await listed('filters[transport_modes][]=AIR_TRANSPORT')).toEqual([code.air]);
    expect(await listed('filters[transport_modes][]=MARITIME_TRANSPORT')).toEqual(sorted(code.santos, code.rio, code.ningbo));
    expect(await listed('filters[transport_modes][]=ROAD_TRANSPORT')).toEqual([]);
    expect(await listed('filters[loading_port_unlocodes][]=CNSGH')).toEqual([code.santos]);
    // A code in everyday use reads as the port's UN/LOCODE (CNSHA is Shanghai, CNSGH), in any case.
    expect(await listed('filters[loading_port_unlocodes][]=cnsha&filters[loading_port_unlocodes][]=CNNGB')).toEqual(sorted(code.santos, code.ningbo));
    expect(await listed('filters[discharge_port_unlocodes][]=BRSSZ')).toEqual(sorted(code.santos, code.ningbo));
    // Each side alone: Santos is no process's port of loading, Shanghai no port of discharge.
    expect(await listed('filters[loading_port_unlocodes][]=BRSSZ')).toEqual([]);
    expect(await listed('filters[discharge_port_unlocodes][]=CNSHA')).toEqual([]);
    expect(await listed('filters[loading_port_unlocodes][]=CNNGB&filters[discharge_port_unlocodes][]=BRSSZ')).toEqual([code.ningbo]);
  });

  it('filters by customs declarations and by live documents, either way', async () => {
    const { code } = f;
    expect(await listed('filters[has_customs_declaration]=true')).toEqual(sorted(code.santos, code.air, code.ningbo));
    expect(await listed('filters[has_customs_declaration]=false')).toEqual(sorted(code.rio, code.none));
    // The Santos process's only document was deleted.
    expect(await listed('filters[has_documents]=true')).toEqual([code.rio]);
    expect(await listed('filters[has_documents]=false')).toEqual(sorted(code.santos, code.air, code.none, code.ningbo));
    expect(await listed('filters[has_documents]=false&filters[has_customs_declaration]=false')).toEqual([code.none]);
  });

  it('filters by an actor in a named role, or by the role alone', async () => {
    const { code, first, second } = f;
    expect(await listed('filters[actor_role]=CUSTOMS_BROKER')).toEqual(sorted(code.santos, code.air));
    expect(await listed(`filters[actor_ids][]=${first}`)).toEqual(sorted(code.santos, code.rio));
    expect(await listed(`filters[actor_ids][]=${first}&filters[actor_role]=CUSTOMS_BROKER`)).toEqual([code.santos]);
    expect(await listed(`filters[actor_ids][]=${first}&filters[actor_role]=SUPPLIER`)).toEqual([code.rio]);
    expect(await listed(`filters[actor_ids][]=${second}&filters[actor_role]=SUPPLIER`)).toEqual([]);
    // Another company's actor in the role matches nothing here.
    expect(await listed(`filters[actor_ids][]=${other.first}&filters[actor_role]=CUSTOMS_BROKER`)).toEqual([]);
  });

  it('answers the same through GraphQL, and the aggregates count as the list does', async () => {
    const { code, first } = f;
    const cases: [Record<string, unknown>, string[]][] = [
      [{ transport_modes: ['MARITIME_TRANSPORT'], discharge_port_unlocodes: ['BRSSZ'] }, [code.santos, code.ningbo]],
      [{ loading_port_unlocodes: ['DEHAM'] }, [code.rio]],
      [{ has_customs_declaration: false }, [code.rio, code.none]],
      [{ has_customs_declaration: true, transport_modes: ['AIR_TRANSPORT'] }, [code.air]],
      [{ has_documents: true }, [code.rio]],
      [{ has_documents: false, actor_role: 'CUSTOMS_BROKER' }, [code.santos, code.air]],
      [{ actor_ids: [first], actor_role: 'SUPPLIER' }, [code.rio]],
    ];
    for (const [filters, expected] of cases) {
      const res = await graphql(
        company.api_key,
        'query ($op: Int!, $f: ProcessFilters) { processes(operation_id: $op, filters: $f, limit: 100) { total_count data { reference_code } } processAggregate(operation_id: $op, filters: $f) { groups { count } } }',
        { op: company.operation.id, f: filters },
      );
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      const { processes, processAggregate } = res.body.data;
      expect(processes.data.map((p: Row) => p.reference_code).sort(), JSON.stringify(filters)).toEqual(sorted(...expected));
      const counted = processAggregate.groups.reduce((n: number, g: { count: number }) => n + g.count, 0);
      expect(counted, JSON.stringify(filters)).toBe(processes.total_count);
    }
  });

  it("never lists another company's processes, whichever filter", async () => {
    const mine = Object.values(f.code);
    for (const query of ['filters[transport_modes][]=MARITIME_TRANSPORT', 'filters[discharge_port_unlocodes][]=BRSSZ', 'filters[has_documents]=true', 'filters[has_customs_declaration]=false', 'filters[actor_role]=CUSTOMS_BROKER']) {
      const theirs = await listed(query, other);
      expect(theirs.length, query).toBeGreaterThan(0);
      expect(theirs.filter((c) => mine.includes(c)), query).toEqual([]);
    }
  });
});

describe("process list sorted on the shipment's dates", () => {
  let company: TestCompany;
  let f: Awaited<ReturnType<typeof fleet>>;

  beforeAll(async () => {
    company = await newCompany();
    f = await fleet(company);
  });

  const order = async (query: string) => {
    const res = await f.C.get(f.path, `${query}&limit=100`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Row[]).map((p) => p.reference_code);
  };

  it('sorts by ETA, ETD and ATA with rows without the date last, ties by id', async () => {
    const { code } = f;
    // Without a date (no shipment, or a shipment without it) a process sorts as a null: last ascending.
    expect(await order('order_by=eta')).toEqual([code.air, code.rio, code.santos, code.none, code.ningbo]);
    expect(await order('order_by[0][field]=eta&order_by[0][order]=DESC_NULLS_LAST')).toEqual([code.santos, code.rio, code.air, code.none, code.ningbo]);
    expect(await order('order_by[0][field]=eta&order_by[0][order]=ASC_NULLS_FIRST')).toEqual([code.none, code.ningbo, code.air, code.rio, code.santos]);
    expect(await order('order_by=etd')).toEqual([code.santos, code.rio, code.air, code.none, code.ningbo]);
    expect(await order('order_by=ata,-id')).toEqual([code.rio, code.ningbo, code.none, code.air, code.santos]);
  });

  it('walks the list by cursor on ETA, each process once and in order, in REST and in the GraphQL connection', async () => {
    const whole = await order('order_by[0][field]=eta&order_by[0][order]=DESC_NULLS_LAST');
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res = await f.C.get(f.path, `limit=2&order_by[0][field]=eta&order_by[0][order]=DESC_NULLS_LAST${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...(res.body.data as Row[]).map((p) => p.reference_code));
      after = res.body.next_cursor;
    } while (after);
    expect(seen).toEqual(whole);
    const edges = await connectionNodes<Row>(
      company.api_key,
      'query ($op: Int!, $after: String) { processesConnection(operation_id: $op, first: 1, after: $after, order_by: [{ field: eta }]) { edges { node { reference_code } } pageInfo { hasNextPage endCursor } } }',
      'processesConnection',
      { op: company.operation.id },
    );
    expect(edges.map((p) => p.reference_code)).toEqual(await order('order_by=eta'));
  });

  it('refuses a cursor of the ETA sort sent with another sort', async () => {
    const first = await f.C.get(f.path, 'limit=1&order_by=eta');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const res = await f.C.get(f.path, `limit=1&order_by=etd&after=${encodeURIComponent(first.body.next_cursor)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(errorBody('BAD_REQUEST', expect.any(String), [{ name: 'after', message: expect.any(String) }]));
  });
});

describe('bad process filter values', () => {
  it('answer 400 naming the filter, before any work', async () => {
    const company = await newCompany();
    const C = client(company.api_key);
    const path = `/operations/${company.operation.id}/processes`;
    for (const [query, name] of [
      ['filters[has_documents]=maybe', 'has_documents'],
      ['filters[has_customs_declaration]=2', 'has_customs_declaration'],
      ['filters[transport_modes][]=BOAT', 'transport_modes'],
      ['filters[actor_role]=CHEF', 'actor_role'],
      ['order_by=eta_week', 'order_by'],
    ]) {
      const res = await C.get(path, query);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('BAD_REQUEST');
      expect(JSON.stringify(res.body.fields ?? res.body), query).toContain(name);
    }
    const gql = await graphql(company.api_key, 'query ($op: Int!) { processes(operation_id: $op, filters: { transport_modes: [BOAT] }) { total_count } }', { op: company.operation.id });
    expect(gql.status).toBe(400);
    expect(JSON.stringify(gql.body.errors)).toContain('BOAT');
  });
});
