// The history of shipments' ETAs (docs/tracking.md, "ETA history"): `eta_changed_at` moves only
// when the ETA really changes, each change is one `ShipmentEtaChange` whoever made it (a process
// write, the followed vessel's AIS voyage), read on the shipment and through `etaChanges`.
import { describe, expect, inject, it } from 'vitest';
import { encodeStatic } from '../graph/logistics/ais-encode.ts';
import { baseUrl, client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

const historyOf = `query ($op: Int!, $code: String!) {
  processByReferenceCode(operation_id: $op, reference_code: $code) {
    foreign_trade_shipment { eta eta_source eta_changed_at eta_changes { previous_eta new_eta source move_minutes move_size_minutes changed_at } }
  }
}`;

async function history(company: TestCompany, code: string) {
  const res = await graphql(company.api_key, historyOf, { op: company.operation.id, code });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data.processByReferenceCode.foreign_trade_shipment;
}

async function setEta(company: TestCompany, code: string, eta: string) {
  const res = await client(company.api_key).put(`/operations/${company.operation.id}/processes-by-reference-code/${code}`, { foreign_trade_shipment: { eta } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function createWithEta(company: TestCompany, code: string, eta: string | null, extra: Record<string, unknown> = {}) {
  const res = await client(company.api_key).post(`/operations/${company.operation.id}/processes`, { reference_code: code, foreign_trade_shipment: { eta, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** Imports one AIS static report of a vessel bound for Santos, arriving on June `day` at noon; answers its id. */
async function vesselArriving(company: TestCompany, mmsi: string, day: number): Promise<number> {
  const feed = encodeStatic({ mmsi: Number(mmsi), name: `TT H${mmsi.slice(-4)}`, eta: { month: 6, day, hour: 12, minute: 0 }, destination: 'BRSSZ' });
  const res = await fetch(`${baseUrl()}/admin/imports/ais`, { method: 'POST', headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' }, body: feed.join('\n') });
  expect(res.status, await res.clone().text()).toBe(200);
  const vessel = await client(company.api_key).get(`/vessels/${mmsi}/current-voyage`);
  expect(vessel.status).toBe(200);
  return vessel.body.data.id;
}

describe('ETA history', () => {
  it('records no change at creation nor for a write that sends the same ETA, and one per real change', async () => {
    const company = await newCompany();
    const code = uniq('ETA-');
    await createWithEta(company, code, '2031-03-10T12:00:00Z');
    expect(await history(company, code)).toMatchObject({ eta: '2031-03-10T12:00:00Z', eta_source: 'SENT', eta_changed_at: null, eta_changes: [] });
    await setEta(company, code, '2031-03-10T12:00:00Z');
    expect(await history(company, code)).toMatchObject({ eta_changed_at: null, eta_changes: [] });
    await setEta(company, code, '2031-03-12T18:30:00Z');
    await setEta(company, code, '2031-03-11T18:30:00Z');
    const after = await history(company, code);
    expect(after.eta_changes.map((c: { previous_eta: string; new_eta: string; source: string; move_minutes: number; move_size_minutes: number }) => [c.previous_eta, c.new_eta, c.source, c.move_minutes, c.move_size_minutes])).toEqual([
      ['2031-03-12T18:30:00Z', '2031-03-11T18:30:00Z', 'SENT', -1440, 1440],
      ['2031-03-10T12:00:00Z', '2031-03-12T18:30:00Z', 'SENT', 3270, 3270],
    ]);
    expect(after.eta_changed_at).toBe(after.eta_changes[0].changed_at);
  });

  it("records the followed vessel's new voyage ETA as a TRACKING change, and nothing for the ETA tracking gave at creation", async () => {
    const company = await newCompany();
    const mmsi = `72${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const vesselId = await vesselArriving(company, mmsi, 10);
    const code = uniq('ETA-AIS-');
    await createWithEta(company, code, '2031-01-01T00:00:00Z', { type: 'MARITIME_TRANSPORT', maritime_transport_shipment: { tracking_key: 'VESSEL', vessel_id: vesselId } });
    const created = await history(company, code);
    expect(created).toMatchObject({ eta_source: 'TRACKING', eta_changed_at: null, eta_changes: [] });
    // A sent ETA replaced by tracking in the same write ends where it began: no change.
    await setEta(company, code, '2031-02-02T00:00:00Z');
    expect(await history(company, code)).toMatchObject({ eta: created.eta, eta_changed_at: null, eta_changes: [] });
    await vesselArriving(company, mmsi, 20);
    const moved = await history(company, code);
    expect(moved.eta_changes).toHaveLength(1);
    expect(moved.eta_changes[0]).toMatchObject({ previous_eta: created.eta, new_eta: moved.eta, source: 'TRACKING', move_minutes: 10 * 1440, move_size_minutes: 10 * 1440 });
    expect(moved.eta_changed_at).toBe(moved.eta_changes[0].changed_at);
  });

  it("lists the company's changes by process, range and size, largest first, and never another company's", async () => {
    const [company, other] = await Promise.all([newCompany(), newCompany()]);
    const [small, large] = [uniq('ETA-S-'), uniq('ETA-L-')];
    await createWithEta(company, small, '2031-05-01T00:00:00Z');
    await createWithEta(company, large, '2031-05-01T00:00:00Z');
    await createWithEta(other, small, '2031-05-01T00:00:00Z');
    const since = new Date().toISOString();
    await setEta(company, small, '2031-05-02T00:00:00Z');
    await setEta(company, large, '2031-05-09T00:00:00Z');
    await setEta(company, large, '2031-05-08T00:00:00Z');
    await setEta(other, small, '2031-08-01T00:00:00Z');
    const list = async (filters: Record<string, unknown>, extra = '') => {
      const res = await graphql(
        company.api_key,
        `query ($filters: EtaChangeFilters) { etaChanges(filters: $filters${extra}) { total_count data { new_eta move_minutes process { reference_code } } } }`,
        { filters },
      );
      expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
      return res.body.data.etaChanges as { total_count: number; data: { new_eta: string; move_minutes: number; process: { reference_code: string } }[] };
    };
    const largest = await list({ changed_at_from: since }, ', order_by: [{ field: move_size_minutes, order: DESC_NULLS_LAST }], limit: 2');
    expect(largest.total_count).toBe(3);
    expect(largest.data.map((c) => [c.process.reference_code, c.move_minutes])).toEqual([
      [large, 8 * 1440],
      [small, 1440],
    ]);
    expect((await list({ move_size_minutes_from: 1441 })).data.map((c) => c.new_eta)).toEqual(['2031-05-09T00:00:00Z']);
    const processId = (await client(company.api_key).get(`/operations/${company.operation.id}/processes-by-reference-code/${small}`)).body.data.id;
    expect((await list({ process_ids: [processId] })).data.map((c) => c.new_eta)).toEqual(['2031-05-02T00:00:00Z']);
    expect((await list({ changed_at_to: since })).total_count).toBe(0);
  });

  it('answers 400 for a bad size or page before reading anything', async () => {
    const company = await newCompany();
    const res = await graphql(company.api_key, '{ etaChanges(filters: { move_size_minutes_from: -1 }) { total_count } }');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    const code = uniq('ETA-');
    await createWithEta(company, code, '2031-03-10T12:00:00Z');
    const page = await graphql(company.api_key, 'query ($op: Int!, $code: String!) { processByReferenceCode(operation_id: $op, reference_code: $code) { foreign_trade_shipment { eta_changes(first: 0) { id } } } }', {
      op: company.operation.id,
      code,
    });
    expect(page.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  });
});
