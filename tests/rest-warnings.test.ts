// REST answers what tracking replaced of the values sent (docs/processes/foreign_trade_shipment.md, "Warnings"): a process
// write whose sent ETA tracking replaced answers `warnings` beside `data`, in the request's
// locale; other answers carry none, and the OpenAPI document declares them where they can come.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { encodeStatic } from '../graph/logistics/ais-encode.ts';
import { baseUrl, client, newCompany, uniq, type TestCompany } from './helpers.ts';

const stamped = (t: string, s: string) => `\\c:${Math.floor(Date.parse(t) / 1000)}*00\\${s}`;

describe('warnings beside data', () => {
  let co: TestCompany;
  let C: ReturnType<typeof client>;
  let vesselId: number;
  const sent = '2026-04-01T00:00:00Z';
  beforeAll(async () => {
    co = await newCompany();
    C = client(co.api_key);
    const mmsi = `711${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const lines = encodeStatic({ mmsi: Number(mmsi), name: 'TT WARNED', eta: { month: 3, day: 12, hour: 6, minute: 0 }, destination: 'BRSSZ' }).map((s) => stamped('2026-02-20T00:00:00Z', s));
    const res = await fetch(`${baseUrl()}/admin/imports/ais`, { method: 'POST', headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' }, body: lines.join('\n') });
    expect(res.status).toBe(200);
    vesselId = (await C.get(`/vessels/${mmsi}/current-voyage`)).body.data.id;
  });

  const P = () => `/operations/${co.operation.id}/processes`;
  const shipment = (automatic: boolean, sendsEta = true) => ({
    type: 'MARITIME_TRANSPORT', ...(sendsEta ? { eta: sent } : {}), automatic_tracking_enabled: automatic, maritime_transport_shipment: { tracking_key: 'VESSEL', vessel_id: vesselId },
  });

  it('answers ETA_FROM_TRACKING on create, update and batch upsert when tracking replaced the sent ETA, in the locale asked', async () => {
    const created = await C.post(P(), { reference_code: uniq('PRC-'), foreign_trade_shipment: shipment(true) }, 'locale=en-US');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.warnings).toEqual([{
      code: 'ETA_FROM_TRACKING',
      field: 'foreign_trade_shipment.eta',
      message: "The ETA sent was replaced by the ETA tracking found, from the carrier's events or the followed vessel's current voyage: automatic tracking is on (eta_source says which).",
    }]);
    expect(created.body.data).toMatchObject({ id: expect.any(Number) });

    const updated = await C.put(`${P()}/${created.body.data.id}`, { foreign_trade_shipment: { eta: '2026-05-01T00:00:00Z' } }, 'locale=es-ES');
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.warnings).toEqual([{ code: 'ETA_FROM_TRACKING', field: 'foreign_trade_shipment.eta', message: expect.stringContaining('El ETA enviado') }]);

    const batch = await C.put(P(), [
      { reference_code: uniq('PRC-'), foreign_trade_shipment: shipment(false) },
      { reference_code: uniq('PRC-'), foreign_trade_shipment: shipment(true) },
    ], 'locale=pt-BR');
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    expect(batch.body.warnings).toEqual([{ code: 'ETA_FROM_TRACKING', field: '1.foreign_trade_shipment.eta', message: expect.stringContaining('O ETA enviado') }]);
  });

  it('carries no warnings when nothing sent was replaced', async () => {
    const manual = await C.post(P(), { reference_code: uniq('PRC-'), foreign_trade_shipment: shipment(false) });
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);
    expect(manual.body).not.toHaveProperty('warnings');
    const noEta = await C.post(P(), { reference_code: uniq('PRC-'), foreign_trade_shipment: shipment(true, false) });
    expect(noEta.status, JSON.stringify(noEta.body)).toBe(201);
    expect(noEta.body).not.toHaveProperty('warnings');
    const read = await C.get(`${P()}/${manual.body.data.id}`);
    expect(read.body).not.toHaveProperty('warnings');
  });

  it('declares warnings in the OpenAPI document on the process writes only', async () => {
    const doc = await (await fetch(`${baseUrl()}/openapi.json`)).json();
    const declared = Object.values(doc.paths as Record<string, Record<string, any>>)
      .flatMap((item) => Object.values(item))
      .filter((op) => Object.values(op.responses as Record<string, any>).some((r) => r.content?.['application/json']?.schema?.properties?.warnings))
      .map((op) => op.operationId)
      .sort();
    expect(declared).toEqual(['processes.create', 'processes.update', 'processes.updateByReferenceCode', 'processes.upsert']);
    const create = doc.paths['/operations/{operation_id}/processes'].post.responses['201'].content['application/json'].schema.properties.warnings;
    expect(create.items.properties.code.enum).toEqual(['ETA_FROM_TRACKING']);
  });
});
