// The process list's filters (docs/processes/index.md, "List filters"): state, reference codes,
// date-time ranges of the process and of its shipment, all combinable, in REST and GraphQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

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
});
