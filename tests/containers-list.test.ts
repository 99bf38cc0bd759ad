// The company's containers across its live processes (docs/processes/foreign_trade_shipment.md,
// "The containers list"): each filter keeps exactly its containers, another company's never
// appear, a cursor walk sees each once, the free time's end and exposure come with each page,
// and a bad filter value is refused before any work.
import { describe, expect, it } from 'vitest';
import { client, connectionNodes, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

const code = () => `${uniq('MSCU').slice(0, 4)}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** Three processes with containers: two to Santos (one finished), one to Rio; one more deleted. */
async function fleet(company: TestCompany) {
  const C = client(company.api_key);
  const path = `/operations/${company.operation.id}/processes`;
  const codes = { santos: code(), santos2: code(), finished: code(), rio: code(), deleted: code() };
  const sea = (to: string, containers: string[], extra: Record<string, unknown> = {}) => ({
    type: 'MARITIME_TRANSPORT',
    automatic_tracking_enabled: false,
    ata: '2031-02-01T00:00:00Z',
    demurrage: { free_time: 10, daily_rate_usd: '80.0000' },
    maritime_transport_shipment: { type: 'FCL', discharge_port_code: to },
    transportables: containers.map((c) => ({ type: 'CONTAINER', container: { code: c } })),
    ...extra,
  });
  const made = await C.put(path, [
    { reference_code: uniq('S-'), foreign_trade_shipment: sea('BRSSZ', [codes.santos, codes.santos2]) },
    { reference_code: uniq('F-'), foreign_trade_shipment: sea('BRSSZ', [codes.finished]) },
    { reference_code: uniq('R-'), foreign_trade_shipment: sea('BRRIG', [codes.rio]) },
    { reference_code: uniq('D-'), foreign_trade_shipment: sea('BRSSZ', [codes.deleted]) },
  ]);
  expect(made.status, JSON.stringify(made.body).slice(0, 500)).toBe(200);
  const ids = made.body.data.map((p: { id: number }) => p.id);
  expect((await C.put(`${path}/${ids[1]}/finish`)).status).toBe(200);
  expect((await C.del(`${path}/${ids[3]}`)).status).toBe(200);
  return codes;
}

const LIST = `query ($f: ContainerFilters, $limit: Int) { containers(filters: $f, limit: $limit, order_by: [{ field: code }]) {
  total_count data { code free_time_ends_at demurrage_exceeding_days demurrage_costs transportable { shipment { process { reference_code } } } } } }`;

describe('the containers list', () => {
  it("keeps exactly the containers each filter asks for, never another company's, with their free time's end", async () => {
    const company = await newCompany();
    const codes = await fleet(company);
    const theirs = await fleet(await newCompany());
    const listed = async (f: Record<string, unknown>) => {
      const res = await graphql(company.api_key, LIST, { f, limit: 100 });
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      expect(res.body.data.containers.total_count).toBe(res.body.data.containers.data.length);
      return res.body.data.containers.data as { code: string; free_time_ends_at: string; demurrage_exceeding_days: number; demurrage_costs: string }[];
    };
    const sorted = (...c: string[]) => [...c].sort();
    expect((await listed({})).map((c) => c.code)).toEqual(sorted(codes.santos, codes.santos2, codes.finished, codes.rio));
    expect((await listed({ discharge_port_unlocodes: ['BRSSZ'] })).map((c) => c.code)).toEqual(sorted(codes.santos, codes.santos2, codes.finished));
    expect((await listed({ discharge_port_unlocodes: ['brrig'] })).map((c) => c.code)).toEqual([codes.rio]);
    expect((await listed({ status: ['FINISHED'] })).map((c) => c.code)).toEqual([codes.finished]);
    expect((await listed({ status: ['ACTIVE'], discharge_port_unlocodes: ['BRSSZ'] })).map((c) => c.code)).toEqual(sorted(codes.santos, codes.santos2));
    expect(await listed({ vessel_ids: [2_000_000_000] })).toEqual([]);
    const all = await listed({});
    expect(all.some((c) => Object.values(theirs).includes(c.code))).toBe(false);
    // A page costs the same statements at any size: computed values come with its rows.
    const cost = async (limit: number) => Number((await graphql(company.api_key, LIST, { f: {}, limit })).headers.get('x-sql-statements'));
    await cost(1);
    expect(await cost(1)).toBe(await cost(100));
    // Free time from the shipment's ATA, 10 days; still out, so exposed from then on.
    for (const c of all) {
      expect(c.free_time_ends_at).toBe('2031-02-11T00:00:00Z');
      expect(c.demurrage_exceeding_days).toEqual(expect.any(Number));
      expect(c.demurrage_costs).toEqual(expect.any(String));
    }
  });

  it('walks the containers by cursor, each once, and refuses a bad filter value before any work', async () => {
    const company = await newCompany();
    const codes = await fleet(company);
    const seen = await connectionNodes<{ code: string }>(
      company.api_key,
      'query ($after: String) { containersConnection(first: 1, after: $after, order_by: [{ field: code, order: DESC }]) { edges { node { code free_time_ends_at } } pageInfo { hasNextPage endCursor } } }',
      'containersConnection',
    );
    expect(seen.map((c) => c.code)).toEqual([codes.santos, codes.santos2, codes.finished, codes.rio].sort().reverse());
    const bad = await graphql(company.api_key, '{ containers(filters: { status: [LOST] }) { total_count } }');
    expect(bad.status).toBe(400);
    expect(Number(bad.headers.get('x-sql-statements'))).toBe(0);
  });
});
