// A container's demurrage free time's end (docs/processes/foreign_trade_shipment.md, "Values
// TradeTrack computes"): its free-time start, or the shipment's ATA, plus the terms' free time,
// beside the days beyond it and their cost; null without terms or a start.
import { describe, expect, it } from 'vitest';
import { client, graphql, newCompany, uniq } from './helpers.ts';

const code = () => `${uniq('MSCU').slice(0, 4)}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const container = (extra: Record<string, unknown> = {}) => ({ type: 'CONTAINER', container: { code: code(), ...extra } });

describe('container free time', () => {
  it("ends free_time days after the container's start, or the shipment's ATA, in REST and GraphQL", async () => {
    const company = await newCompany();
    const C = client(company.api_key);
    const path = `/operations/${company.operation.id}/processes`;
    const made = await C.put(path, [
      {
        reference_code: uniq('DEM-'),
        foreign_trade_shipment: {
          ata: '2031-01-03T08:00:00Z',
          demurrage: { free_time: 14, daily_rate_usd: '100.0000' },
          transportables: [
            container({ demurrage_free_time_start_at: '2031-01-01T00:00:00Z', actual_return_empty_container_at: '2031-01-20T00:00:00Z' }),
            container({ actual_return_empty_container_at: '2031-01-10T00:00:00Z' }),
          ],
        },
      },
      { reference_code: uniq('NOT-'), foreign_trade_shipment: { ata: '2031-01-03T08:00:00Z', transportables: [container()] } },
      { reference_code: uniq('NOA-'), foreign_trade_shipment: { demurrage: { free_time: 7, daily_rate_usd: '50.0000' }, transportables: [container()] } },
    ]);
    expect(made.status, JSON.stringify(made.body).slice(0, 500)).toBe(200);
    const [terms, none, noStart] = made.body.data.map((p: { id: number }) => p.id);
    const containers = async (id: number) => {
      const res = await C.get(`${path}/${id}`);
      expect(res.status).toBe(200);
      return res.body.data.foreign_trade_shipment.transportables.map((t: { container: Record<string, unknown> }) => {
        const { free_time_ends_at, demurrage_exceeding_days, demurrage_costs } = t.container;
        return { free_time_ends_at, demurrage_exceeding_days, demurrage_costs };
      });
    };
    expect(await containers(terms)).toEqual([
      // From its own start: 14 days after 1 January; back on the 20th, 5 days beyond.
      { free_time_ends_at: '2031-01-15T00:00:00Z', demurrage_exceeding_days: 5, demurrage_costs: '500.0000' },
      // From the shipment's ATA; back within the free time.
      { free_time_ends_at: '2031-01-17T08:00:00Z', demurrage_exceeding_days: 0, demurrage_costs: '0.0000' },
    ]);
    expect(await containers(none)).toEqual([{ free_time_ends_at: null, demurrage_exceeding_days: null, demurrage_costs: null }]);
    expect((await containers(noStart))[0].free_time_ends_at).toBeNull();
    const gql = await graphql(
      company.api_key,
      'query ($op: Int!, $id: Int!) { process(operation_id: $op, id: $id) { foreign_trade_shipment { transportables { container { free_time_ends_at } } } } }',
      { op: company.operation.id, id: terms },
    );
    expect(gql.body.errors, JSON.stringify(gql.body.errors)).toBeUndefined();
    expect(gql.body.data.process.foreign_trade_shipment.transportables.map((t: { container: { free_time_ends_at: string } }) => t.container.free_time_ends_at)).toEqual([
      '2031-01-15T00:00:00Z',
      '2031-01-17T08:00:00Z',
    ]);
  });

  // Kept with the container by the database (prisma/migrations/*_container_free_time_ends_at), so
  // the containers list filters and sorts by it: a later ATA, other terms or none recompute it.
  it("follows the shipment's ATA and its demurrage terms when they change, and the containers list filters by it", async () => {
    const company = await newCompany();
    const C = client(company.api_key);
    const path = `/operations/${company.operation.id}/processes`;
    const reference_code = uniq('DEM-');
    const codes = [code(), code()];
    const made = await C.put(path, [
      {
        reference_code,
        foreign_trade_shipment: {
          ata: '2031-01-03T08:00:00Z',
          demurrage: { free_time: 14, daily_rate_usd: '100.0000' },
          transportables: [{ type: 'CONTAINER', container: { code: codes[0], demurrage_free_time_start_at: '2031-01-01T00:00:00Z' } }, { type: 'CONTAINER', container: { code: codes[1] } }],
        },
      },
    ]);
    expect(made.status, JSON.stringify(made.body).slice(0, 500)).toBe(200);
    const ends = async () => {
      const res = await graphql(
        company.api_key,
        'query ($from: DateTime, $to: DateTime) { containers(filters: { free_time_ends_at_from: $from, free_time_ends_at_to: $to }, order_by: [{ field: free_time_ends_at, order: DESC }]) { data { code free_time_ends_at } } }',
        { from: '2031-01-01T00:00:00Z', to: '2031-12-31T00:00:00Z' },
      );
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data.containers.data.map((c: { code: string; free_time_ends_at: string }) => [c.code, c.free_time_ends_at]);
    };
    expect(await ends()).toEqual([[codes[1], '2031-01-17T08:00:00Z'], [codes[0], '2031-01-15T00:00:00Z']]);
    const update = async (shipment: Record<string, unknown>) => {
      const res = await C.put(path, [{ reference_code, foreign_trade_shipment: shipment }]);
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    };
    await update({ ata: '2031-02-01T00:00:00Z' });
    expect(await ends()).toEqual([[codes[1], '2031-02-15T00:00:00Z'], [codes[0], '2031-01-15T00:00:00Z']]);
    await update({ demurrage: { free_time: 30, daily_rate_usd: '100.0000' } });
    expect(await ends()).toEqual([[codes[1], '2031-03-03T00:00:00Z'], [codes[0], '2031-01-31T00:00:00Z']]);
    await update({ demurrage: null });
    expect(await ends()).toEqual([]);
  });
});
