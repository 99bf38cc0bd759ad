// The process list's filters (docs/processes/index.md, "List filters"): state, reference codes,
// date-time ranges of the process and of its shipment, handler actors, followed vessels and
// ports, all combinable, in REST and GraphQL.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeStatic } from '../graph/logistics/ais-encode.ts';
import { baseUrl, client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

describe('process list filters', () => {
  let company: TestCompany;
  let C: ReturnType<typeof client>;
  let P: string;
  const codes = { early: uniq('PRC-E-'), late: uniq('PRC-L-'), finished: uniq('PRC-F-'), canceled: uniq('PRC-C-') };
  let between: string;

  beforeAll(async () => {
    company = await newCompany();
    C = client(company.api_key);
    P = `/operations/${company.operation.id}/processes`;
    const create = async (code: string, eta?: string) =>
      expect((await C.post(P, { reference_code: code, ...(eta ? { foreign_trade_shipment: { eta, etd: '2026-02-01T10:00:00Z' } } : {}) })).status).toBe(201);
    await create(codes.early, '2026-03-10T12:00:00Z');
    await create(codes.finished, '2026-03-20T12:00:00Z');
    await create(codes.canceled);
    // Timestamps are the database's: a moment between two creations splits them.
    await new Promise((r) => setTimeout(r, 50));
    between = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 50));
    await create(codes.late, '2026-05-01T12:00:00Z');
    expect((await C.put(`${P}-by-reference-code/${codes.finished}/finish`)).status).toBe(200);
    expect((await C.put(`${P}-by-reference-code/${codes.canceled}/cancel`)).status).toBe(200);
  });

  const listed = async (query: string) => {
    const res = await C.get(P, `${query}&order_by=reference_code`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total_count).toBe(res.body.data.length);
    return (res.body.data as { reference_code: string }[]).map((p) => p.reference_code).sort();
  };

  it('keeps the processes in the states asked for', async () => {
    expect(await listed('filters[status]=ACTIVE')).toEqual([codes.early, codes.late].sort());
    expect(await listed('filters[status][]=FINISHED&filters[status][]=CANCELED')).toEqual([codes.finished, codes.canceled].sort());
    expect(await listed('filters[status]=CANCELED')).toEqual([codes.canceled]);
  });

  it('filters by reference codes and by date-time ranges of the process and of its shipment, combined', async () => {
    expect(await listed(`filters[reference_codes][]=${codes.early}&filters[reference_codes][]=${codes.late}`)).toEqual([codes.early, codes.late].sort());
    expect(await listed('filters[eta_from]=2026-03-01T00:00:00Z&filters[eta_to]=2026-03-31T23:59:59Z')).toEqual([codes.early, codes.finished].sort());
    expect(await listed('filters[eta_from]=2026-03-01T00:00:00Z&filters[eta_to]=2026-03-31T23:59:59Z&filters[status]=ACTIVE')).toEqual([codes.early]);
    expect(await listed('filters[etd_to]=2026-02-01T10:00:00Z')).toEqual([codes.early, codes.finished, codes.late].sort());
    expect(await listed(`filters[inserted_at_from]=${between}`)).toEqual([codes.late]);
    expect(await listed(`filters[inserted_at_to]=${between}`)).toEqual([codes.early, codes.finished, codes.canceled].sort());
    // Finishing and canceling changed the two processes after the late one was created.
    expect(await listed(`filters[updated_at_from]=${between}&filters[status][]=FINISHED&filters[status][]=CANCELED`)).toEqual([codes.finished, codes.canceled].sort());
    expect(await listed('filters[finished_at_from]=2000-01-01T00:00:00Z')).toEqual([codes.finished]);
  });

  it('filters by when a process was canceled, and by when its ETA last moved, whoever moved it', async () => {
    expect(await listed(`filters[canceled_at_from]=${between}`)).toEqual([codes.canceled]);
    expect(await listed(`filters[canceled_at_to]=${between}`)).toEqual([]);
    // Every ETA was set on create, which is no change (docs/tracking.md, "ETA history"): move the
    // late one's before a mark, then the early one's after it, and rewrite the late one's
    // without moving it; the finished one's never moved.
    expect(await listed('filters[eta_changed_at_from]=2000-01-01T00:00:00Z')).toEqual([]);
    expect((await C.put(`${P}-by-reference-code/${codes.late}`, { foreign_trade_shipment: { eta: '2026-05-01T12:00:00Z' } })).status).toBe(200);
    expect((await C.put(`${P}-by-reference-code/${codes.late}`, { foreign_trade_shipment: { eta: '2026-05-02T12:00:00Z' } })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const mark = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 50));
    expect((await C.put(`${P}-by-reference-code/${codes.early}`, { foreign_trade_shipment: { eta: '2026-03-12T12:00:00Z' } })).status).toBe(200);
    expect((await C.put(`${P}-by-reference-code/${codes.late}`, { foreign_trade_shipment: { eta: '2026-05-02T12:00:00Z', etd: '2026-04-01T00:00:00Z' } })).status).toBe(200);
    expect(await listed(`filters[eta_changed_at_from]=${mark}`)).toEqual([codes.early]);
    expect(await listed(`filters[eta_changed_at_to]=${mark}`)).toEqual([codes.late]);
    const read = await graphql(
      company.api_key,
      `query ($op: Int!, $mark: DateTime!) { processes(operation_id: $op, filters: { status: [ACTIVE], eta_changed_at_from: $mark }) { data { reference_code foreign_trade_shipment { eta eta_changed_at } } } }`,
      { op: company.operation.id, mark },
    );
    expect(read.body.errors).toBeUndefined();
    const [moved] = read.body.data.processes.data;
    expect(read.body.data.processes.data).toHaveLength(1);
    expect(moved.reference_code).toBe(codes.early);
    expect(moved.foreign_trade_shipment.eta).toBe('2026-03-12T12:00:00Z');
    expect(Date.parse(moved.foreign_trade_shipment.eta_changed_at)).toBeGreaterThan(Date.parse(mark));
  });

  it('answers 400 naming a filter the list does not have, or a bad date-time', async () => {
    const unknown = await C.get(P, 'filters[eta_after]=2026-03-01T00:00:00Z');
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('eta_after');
    const bad = await C.get(P, 'filters[eta_from]=next-week');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('eta_from');
  });

  it('counts the active processes in one GraphQL request', async () => {
    const res = await graphql(company.api_key, 'query($op: Int!) { processes(operation_id: $op, filters: { status: [ACTIVE] }, limit: 1) { total_count } }', { op: company.operation.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { processes: { total_count: 2 } } });
  });

  it('filters by handler actor, followed vessel and port of loading or discharge, combined with the others', async () => {
    // A vessel (global reference data, fed by AIS) and two actors of the company.
    const mmsi = `720${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const imported = await fetch(`${baseUrl()}/admin/imports/ais`, {
      method: 'POST',
      headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' },
      body: encodeStatic({ mmsi: Number(mmsi), name: 'TT FILTERED', eta: { month: 3, day: 10, hour: 12, minute: 0 }, destination: 'BRSSZ' }).join('\n'),
    });
    expect(imported.status).toBe(200);
    const vessel = (await C.get(`/vessels/${mmsi}/current-voyage`)).body.data.id as number;
    const partner = async () => (await C.post('/partnerships', { name: uniq('Partner '), internal_code: uniq('P-'), roles: [{ role: 'CUSTOMS_BROKER' }] })).body.data.partner.id as number;
    const [broker, other] = [await partner(), await partner()];
    const slot = company.operation.handlers.find((h) => h.role === 'customs_broker')!.id;
    const ports = await graphql(company.api_key, '{ maritimePorts(ids: null, search: "BRSSZ", limit: 1) { data { id unlocode } } }');
    const santos = ports.body.data.maritimePorts.data[0].id as number;
    const create = async (code: string, actor: number, maritime: Record<string, unknown>) => {
      const res = await C.post(P, { reference_code: code, handler: { customs_broker: { operation_handler_id: slot, actor_id: actor } }, foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', maritime_transport_shipment: maritime } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    const c = { followed: uniq('PRC-V-'), santos: uniq('PRC-S-'), neither: uniq('PRC-N-') };
    await create(c.followed, broker, { tracking_key: 'VESSEL', vessel_id: vessel });
    await create(c.santos, other, { discharge_port_id: santos });
    await create(c.neither, other, { loading_port_id: null });

    expect(await listed(`filters[actor_ids][]=${broker}`)).toEqual([c.followed]);
    expect(await listed(`filters[actor_ids][]=${broker}&filters[actor_ids][]=${other}`)).toEqual([c.followed, c.santos, c.neither].sort());
    expect(await listed(`filters[vessel_ids][]=${vessel}`)).toEqual([c.followed]);
    expect(await listed('filters[port_unlocodes][]=brssz')).toEqual([c.santos]);
    expect(await listed(`filters[port_unlocodes][]=BRSSZ&filters[actor_ids][]=${broker}`)).toEqual([]);
    expect(await listed(`filters[actor_ids][]=${other}&filters[status]=ACTIVE&filters[inserted_at_from]=${between}`)).toEqual([c.santos, c.neither].sort());
    // The same through GraphQL, and another company's actor matches nothing here.
    const gql = await graphql(company.api_key, 'query($op: Int!, $v: [Int!]) { processes(operation_id: $op, filters: { vessel_ids: $v }) { data { reference_code } } }', { op: company.operation.id, v: [vessel] });
    expect(gql.body).toEqual({ data: { processes: { data: [{ reference_code: c.followed }] } } });
  });
});
