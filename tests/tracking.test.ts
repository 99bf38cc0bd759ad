import { beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeStatic } from '../graph/logistics/ais-encode.ts';
import { baseUrl, client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

async function importAis(lines: string[]) {
  const res = await fetch(`${baseUrl()}/admin/imports/ais`, {
    method: 'POST',
    headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' },
    body: lines.join('\n'),
  });
  expect(res.status).toBe(200);
  return res.json();
}

const stamped = (t: string, s: string) => `\\c:${Math.floor(Date.parse(t) / 1000)}*00\\${s}`;
const voyage = (mmsi: string, day: number, at: string) =>
  encodeStatic({ mmsi: Number(mmsi), name: 'TT FOLLOWED', eta: { month: 3, day, hour: 12, minute: 0 }, destination: 'BRSSZ' }).map((s) => stamped(at, s));

describe('tracking link between vessel imports and maritime shipments', () => {
  let co: TestCompany;
  let C: ReturnType<typeof client>;
  let mmsi: string;
  let vesselId: number;
  beforeAll(async () => {
    co = await newCompany();
    C = client(co.api_key);
    mmsi = `710${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    await importAis(voyage(mmsi, 10, '2026-02-20T00:00:00Z'));
    vesselId = (await C.get(`/vessels/${mmsi}/current-voyage`)).body.data.id;
  });

  const processes = () => `/operations/${co.operation.id}/processes`;
  async function createMaritime(maritime: Record<string, unknown>, automatic = true) {
    const code = uniq('PRC-');
    const res = await C.post(processes(), {
      reference_code: code,
      foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', automatic_tracking_enabled: automatic, maritime_transport_shipment: maritime },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return code;
  }
  const etaEvents = async () => (await C.get('/events', 'filters%5Btype%5D=shipment.eta_changed&limit=100')).body.data as any[];
  const shipment = async (code: string) =>
    (await C.get(`${processes().replace('/processes', '/processes-by-reference-code')}/${code}`)).body.data.foreign_trade_shipment;

  it('sets the status from the tracking key on write: FOUND following a vessel (with its ETA), INVALID, NOT_FOUND, PENDING', async () => {
    const found = await createMaritime({ tracking_key: 'VESSEL', vessel_id: vesselId });
    expect(await shipment(found)).toMatchObject({ status_response: 'FOUND', eta: '2026-03-10T12:00:00Z' });
    const invalid = await createMaritime({ tracking_key: 'BILL_OF_LADING', bl: '!' });
    expect((await shipment(invalid)).status_response).toBe('INVALID');
    const vesselless = await createMaritime({ tracking_key: 'VESSEL' });
    expect((await shipment(vesselless)).status_response).toBe('INVALID');
    const notFound = await createMaritime({ tracking_key: 'BOOKING', booking: 'BKG123456' });
    expect((await shipment(notFound)).status_response).toBe('NOT_FOUND');
    const pending = await createMaritime({});
    expect((await shipment(pending)).status_response).toBe('PENDING');
  });

  it('moves the ETA of a following shipment when an import changes the voyage ETA, and leaves a shipment with tracking disabled alone', async () => {
    const followed = await createMaritime({ tracking_key: 'VESSEL', vessel_id: vesselId });
    const manual = await createMaritime({ tracking_key: 'VESSEL', vessel_id: vesselId }, false);
    const manualBefore = (await shipment(manual)).eta;
    const before = await etaEvents();
    await importAis(voyage(mmsi, 14, '2026-02-21T00:00:00Z'));
    expect(await shipment(followed)).toMatchObject({ eta: '2026-03-14T12:00:00Z', status_response: 'FOUND' });
    expect((await shipment(manual)).eta).toBe(manualBefore);
    // The import's change is an event like any other (docs/webhooks.md, Event catalogue): one
    // shipment.eta_changed for each shipment following the vessel (this one and the first
    // test's), none for the one with tracking disabled.
    const moved = (await etaEvents()).filter((e) => !before.some((b) => b.id === e.id));
    expect(moved.filter((e) => e.data.reference_code === manual)).toEqual([]);
    expect(moved.filter((e) => e.data.reference_code === followed)).toHaveLength(1);
    expect(moved.find((e) => e.data.reference_code === followed)).toMatchObject({
      type: 'shipment.eta_changed',
      data: { reference_code: followed, foreign_trade_shipment: { eta: '2026-03-14T12:00:00Z' } },
      shipment: { eta: '2026-03-14T12:00:00Z' },
      previous: { eta: '2026-03-10T12:00:00Z' },
    });
  });

  it("reports a sent ETA that tracking replaced: a warning in the mutation's payload and eta_source TRACKING; a sent ETA that stays is SENT", async () => {
    const sent = '2026-04-01T00:00:00Z';
    const create = (code: string, automatic: boolean) =>
      graphql(
        co.api_key,
        `mutation ($op: Int!, $p: ProcessParams!) { createProcess(operation_id: $op, params: $p) {
          process { reference_code foreign_trade_shipment { eta eta_source status_response } } userErrors { field } warnings { field code message } } }`,
        { op: co.operation.id, p: { reference_code: code, foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', eta: sent, automatic_tracking_enabled: automatic, maritime_transport_shipment: { tracking_key: 'VESSEL', vessel_id: vesselId } } } },
      );
    const tracked = await create(uniq('PRC-'), true);
    expect(tracked.body.errors).toBeUndefined();
    const payload = tracked.body.data.createProcess;
    expect(payload.userErrors).toEqual([]);
    expect(payload.process.foreign_trade_shipment).toMatchObject({ eta_source: 'TRACKING', status_response: 'FOUND' });
    expect(payload.process.foreign_trade_shipment.eta).not.toBe(sent);
    expect(payload.warnings).toEqual([{ field: 'foreign_trade_shipment.eta', code: 'ETA_FROM_TRACKING', message: expect.stringContaining('replaced') }]);
    // The vessel's ETA, and where it comes from, are what REST answers too.
    const read = await shipment(payload.process.reference_code);
    expect(read.eta).toBe(payload.process.foreign_trade_shipment.eta);
    expect(read.eta_source).toBe('TRACKING');
    // With automatic tracking off the sent ETA stays, and no warning.
    const manual = await create(uniq('PRC-'), false);
    expect(manual.body.data.createProcess.process.foreign_trade_shipment).toMatchObject({ eta: sent, eta_source: 'SENT' });
    expect(manual.body.data.createProcess.warnings).toEqual([]);
  });
});
