// Events and webhooks of carrier tracking (docs/tracking.md; docs/webhooks.md, Event catalogue):
// each change a carrier's answer makes is an event, delivered to the endpoints subscribed to it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { client, newCompany, uniq } from '../helpers.ts';
import { startReceiver, type Receiver, type Received } from '../webhooks/receiver.ts';
import { equipmentEvent, startDcsaStub, transportEvent, type DcsaStub } from './dcsa-stub.ts';

let stub: DcsaStub;
let receiver: Receiver;
beforeAll(async () => {
  stub = await startDcsaStub();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await stub?.close();
});
afterEach(() => expect(stub.problems).toEqual([]));

type Client = ReturnType<typeof client>;
const bodyOf = (r: Received) => JSON.parse(r.body) as { type: string; data: { reference_code: string }; shipment?: Record<string, unknown>; container_event?: Record<string, unknown>; previous?: Record<string, unknown> };

/**
 * A company of its own connected to the stub carrier, with a webhook endpoint for `events`,
 * and a tracked process whose bill of lading the carrier knows `known` events of.
 */
async function tracked(events: string[], known: Record<string, unknown>[], shipment: Record<string, unknown> = {}) {
  const co = await newCompany();
  const C: Client = client(co.api_key);
  expect((await C.put('/carrier-connections/MSCU', { protocol: 'DCSA_TNT_2', base_url: stub.url })).status).toBe(201);
  expect((await C.post('/webhooks', { url: `${receiver.url}/${uniq()}`, events })).status).toBe(201);
  const bl = uniq('EVBL').toUpperCase();
  stub.events.set(bl, known);
  const code = uniq('PRC-');
  const created = await C.post(`/operations/${co.operation.id}/processes`, {
    reference_code: code,
    foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', ...shipment, maritime_transport_shipment: { sealine_code: 'MSCU', tracking_key: 'BILL_OF_LADING', bl } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const refresh = async () => {
    const res = await C.put(`/operations/${co.operation.id}/processes-by-reference-code/${code}/tracking/refresh`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** Waits for the receiver to hold `count` deliveries of `type` for this process; answers their bodies. */
  const delivered = async (type: string, count = 1) => {
    const mine = (list: Received[]) => list.map(bodyOf).filter((b) => b.type === type && b.data.reference_code === code);
    return mine(await receiver.until((list) => mine(list).length >= count));
  };
  return { C, bl, code, refresh, delivered };
}

describe('carrier tracking events', () => {
  it('delivers shipment.eta_changed when a lookup moves the ETA, with the ETA before it', async () => {
    const t = await tracked(['shipment.eta_changed'], [transportEvent('ARRI', 'EST', '2026-04-03T08:00:00Z', 'BRSSZ', '2026-03-01T00:00:00Z')], { eta: '2026-05-01T00:00:00Z' });
    expect(await t.refresh()).toMatchObject({ eta: '2026-04-03T08:00:00Z', eta_source: 'CARRIER_ESTIMATED' });
    const [first] = await t.delivered('shipment.eta_changed');
    expect(first.shipment).toMatchObject({ eta: '2026-04-03T08:00:00Z' });
    expect(first.previous).toEqual({ eta: '2026-05-01T00:00:00Z' });
    // The carrier's estimate moves (a newer EST): a later lookup delivers the move.
    stub.events.get(t.bl)!.push(transportEvent('ARRI', 'EST', '2026-04-05T12:00:00Z', 'BRSSZ', '2026-03-20T00:00:00Z'));
    expect(await t.refresh()).toMatchObject({ eta: '2026-04-05T12:00:00Z' });
    // Deliveries keep no order (docs/webhooks.md): the move is found by its ETA.
    const moved = (await t.delivered('shipment.eta_changed', 2)).find((b) => b.shipment?.eta === '2026-04-05T12:00:00Z');
    expect(moved).toMatchObject({ previous: { eta: '2026-04-03T08:00:00Z' } });
    expect((moved!.data as any).foreign_trade_shipment).toMatchObject({ eta: '2026-04-05T12:00:00Z', eta_source: 'CARRIER_ESTIMATED' });
    // A lookup that learns nothing new makes no event (the events list shows every event written before it answers).
    await t.refresh();
    const events = (await t.C.get('/events', 'limit=100')).body.data as { type: string }[];
    expect(events.filter((e) => e.type === 'shipment.eta_changed')).toHaveLength(2);
  });

  it('delivers container.event_added for each new container milestone, once', async () => {
    const container = 'MSCU1234565';
    const gateIn = equipmentEvent('GTIN', 'ACT', '2026-02-27T09:00:00Z', container, 'CNSGH');
    const t = await tracked(['container.event_added'], [gateIn], { transportables: [{ type: 'CONTAINER', container: { code: container } }] });
    await t.refresh();
    const [first] = await t.delivered('container.event_added');
    expect(first.container_event).toMatchObject({ status: 'GATE_IN', place: 'CNSGH', datetime: '2026-02-27T09:00:00Z', estimated: false, carrier_event_id: gateIn.eventID });
    const load = equipmentEvent('LOAD', 'ACT', '2026-02-28T09:00:00Z', container, 'CNSGH');
    stub.events.get(t.bl)!.push(load);
    await t.refresh();
    const both = await t.delivered('container.event_added', 2);
    expect(both.map((b) => b.container_event!.carrier_event_id).sort()).toEqual([gateIn.eventID, load.eventID].sort());
    expect(both.find((b) => b.container_event!.carrier_event_id === load.eventID)!.container_event).toMatchObject({ status: 'LOADED', transport: 'MSC TEST', voyage: '2403W' });
    // The first milestone, asked about again, is not added (nor delivered) twice.
    const events = (await t.C.get('/events', 'limit=100')).body.data as { type: string }[];
    expect(events.filter((e) => e.type === 'container.event_added')).toHaveLength(2);
  });

  it('delivers shipment.tracking_status_changed when the carrier first answers, and when it stops knowing the reference', async () => {
    const t = await tracked(['shipment.tracking_status_changed'], [transportEvent('DEPA', 'ACT', '2026-03-01T10:00:00Z', 'CNSGH')]);
    expect((await t.refresh()).status_response).toBe('FOUND');
    const [found] = await t.delivered('shipment.tracking_status_changed');
    expect(found).toMatchObject({ shipment: { status_response: 'FOUND' }, previous: { status_response: 'PENDING' } });
    stub.events.set(t.bl, []);
    expect((await t.refresh()).status_response).toBe('NOT_FOUND');
    const both = await t.delivered('shipment.tracking_status_changed', 2);
    expect(both.find((b) => b.shipment?.status_response === 'NOT_FOUND')).toMatchObject({ previous: { status_response: 'FOUND' } });
  });
});
