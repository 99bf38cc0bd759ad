// The process page assembled by PostgreSQL (docs/decisions/019-assembled-pages.md): the REST
// process list, one process by id or reference code, and their GraphQL connection answer exactly
// what the field-by-field read answers, for a company of every kind of process (the demo data:
// sea, air, road and parcel shipments at every stage, customs documents, costs, documents,
// Brazilian invoices) and the values the platform computes (demurrage, warehouse days, invoice
// totals, customs document views).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { encodePosition, encodeStatic } from '../graph/logistics/ais-encode.ts';
import { baseUrl, client, costModelOf, graphql, newCompany, routeOf, uniq, type TestCompany } from './helpers.ts';
import { maritimeImport, placesOf, purchaseOrder } from './setup/process-fixtures.ts';
import { bothWays } from './setup/both-ways.ts';
import { fieldByField, routeDocument, routeFragments } from './setup/route-documents.ts';

/** A Brazilian invoice (NF-e) XML file, base64. */
const nfe = (key: string, number: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${key}" versao="4.00"><ide><nNF>${number}</nNF></ide><emit><CNPJ>12345678000195</CNPJ></emit><total><ICMSTot><vNF>10.50</vNF></ICMSTot></total></infNFe></NFe></nfeProc>`,
  ).toString('base64');

/** Uploads a document to a process (multipart), answering its id. */
async function upload(key: string, path: string, type: string): Promise<number> {
  const form = new FormData();
  form.append('type', type);
  form.append('file', new Blob([new TextEncoder().encode('a document')], { type: 'text/plain' }), `${type.toLowerCase()}.txt`);
  const res = await fetch(`${baseUrl()}/api${path}`, { method: 'POST', headers: { 'api-key': key }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

describe('the process page assembled by PostgreSQL', () => {
  let demo: TestCompany;
  let C: ReturnType<typeof client>;
  let op: string;
  // A literal page size: /graphql weighs a variable one at its largest (docs/limits.md, query cost).
  const document = routeDocument('ProcessesList').replace('$limit: Int, ', '').replace('limit: $limit', 'limit: 2');

  beforeAll(async () => {
    demo = await newCompany(uniq('Assembled '), true);
    C = client(demo.api_key);
    op = `/operations/${demo.operation.id}`;
    // Beside the demo's: a sea import of every part, naming ports, a sealine and a vessel, with handler entries, documents (one deleted) and NF-e files.
    const places = await placesOf(demo.api_key);
    // The vessel reports a position and a voyage (its last position update, ship type and dimensions).
    const ais = await fetch(`${baseUrl()}/admin/imports/ais`, {
      method: 'POST',
      headers: { 'admin-token': inject('adminToken'), 'content-type': 'text/plain' },
      body: [
        encodePosition({ mmsi: Number(places.mmsi), latitude: -23.98, longitude: -46.3, speed: 12.5, course: 181.5, heading: 180 }),
        ...encodeStatic({ mmsi: Number(places.mmsi), name: 'TT ROUND TRIP', shipType: 71, dimensions: { a: 150, b: 30, c: 15, d: 16 }, destination: 'BRSSZ', eta: { month: 5, day: 9, hour: 10, minute: 30 } }),
      ].join('\n'),
    });
    expect(ais.status).toBe(200);
    const [order, route, costs] = await Promise.all([purchaseOrder(C, demo.operation.id), routeOf(demo.api_key), costModelOf(demo.api_key)]);
    const sent: any = maritimeImport(uniq('ASM-PRC-'), { order, route, costModelVersionId: costs.versions[0].id });
    const shipment = sent.foreign_trade_shipment;
    Object.assign(shipment.maritime_transport_shipment, { loading_port_id: places.paranagua, discharge_port_id: places.santos, sealine_id: places.maersk, vessel_id: places.vessel });
    Object.assign(shipment.international_freight, {
      sealine_id: places.maersk, vessel_id: places.vessel, booking_loading_port_id: places.paranagua, booking_discharge_port_id: places.santos, booking_loading_airport_id: places.gru, booking_discharge_airport_id: places.vcp,
    });
    const partner = (await C.post('/partnerships', { name: uniq('Partner '), internal_code: uniq('P-'), roles: [{ role: 'IMPORTER' }] })).body.data.partner.id;
    const slot = (role: string) => demo.operation.handlers.find((h) => h.role === role)!.id;
    sent.handler = {
      importer: { operation_handler_id: slot('importer'), actor_id: partner, reference: 'IMP-1', business_unit: 'BU-1' },
      customs_broker: { operation_handler_id: slot('customs_broker'), actor: { official_name: 'Broker Ltda', internal_code: uniq('BRK-') } },
    };
    sent.brazilian_invoices = [nfe('35250312345678000195550010000012341000012345', '1234')];
    const made = await C.post(`${op}/processes`, sent);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const path = `${op}/processes/${made.body.data.id}/documents`;
    const [, gone] = [await upload(demo.api_key, path, 'BILL_OF_LADING'), await upload(demo.api_key, path, 'PACKING_LIST')];
    expect((await C.del(`${path}/${gone}`)).status).toBe(200);
    // An air export with house waybills.
    const air = await C.post(`${op}/processes`, {
      reference_code: uniq('ASM-AIR-'),
      foreign_trade_shipment: {
        type: 'AIR_TRANSPORT',
        air_transport_shipment: {
          type: 'PALLET', awb: '045-12345675', hawb: 'H-1', airline_id: places.latam, origin_airport_id: places.vcp, destination_airport_id: places.gru,
          house_awbs: [
            { hawb: 'H-1', flight: 'LA8070', airline_id: places.latam, loading_airport_id: places.vcp, unloading_airport_id: places.gru, etd: '2025-06-01T22:00:00Z', stopovers: ['LIS', 'MAD'], extra: { k: 'v' } },
            { hawb: 'H-2' },
          ],
        },
      },
    });
    expect(air.status, JSON.stringify(air.body)).toBe(201);
  });

  it('answers the REST page exactly as the field-by-field read answers it', async () => {
    const rows: any[] = [];
    for (let offset = 0; ; offset += 2) {
      const page = await bothWays(demo.api_key, document, 'Process', 'processes', { operation_id: demo.operation.id, offset });
      rows.push(...page);
      if (page.length < 2) break;
    }
    expect(rows.length).toBeGreaterThan(3);
    // Every kind of value of the tree is there to compare.
    const present = (value: unknown) => value != null && !(Array.isArray(value) && !value.length);
    const shipments = rows.map((p) => p.foreign_trade_shipment).filter(Boolean);
    const containers = shipments.flatMap((s) => s.transportables.map((t: any) => t.container).filter(Boolean));
    const kinds: Record<string, unknown[]> = {
      'cost model version': rows.map((p) => p.cost_model_version?.root_model_expenses[0]?.matching_rules[0]),
      'handler entry': rows.map((p) => Object.values(p.handler).find(Boolean)),
      'linked order': rows.map((p) => p.orders),
      'Brazilian invoice': rows.map((p) => p.brazilian_invoices),
      'audit item': rows.map((p) => p.audit_items),
      document: rows.map((p) => p.documents),
      'cost per expense': rows.map((p) => p.cost_per_expenses),
      'shipped order line': shipments.map((s) => s.items.find((i: any) => i.purchase_order_item)),
      'invoice total': shipments.map((s) => s.invoices.find((i: any) => i.total_amount && i.currency)),
      'container demurrage': containers.map((c) => c.demurrage_costs),
      'container event': containers.map((c) => c.events),
      cargo: shipments.map((s) => s.transportables.find((t: any) => t.cargo)),
      'demurrage total': shipments.map((s) => s.demurrage?.total_demurrage_costs),
      'warehouse days': shipments.map((s) => s.days_in_warehouse),
      'freight currency and places': shipments.map((s) => s.international_freight?.currency),
      'port with country': shipments.map((s) => s.maritime_transport_shipment?.loading_port?.country),
      vessel: shipments.map((s) => s.maritime_transport_shipment?.vessel?.last_position_update?.voyage_destination_port_name),
      'ship type': shipments.map((s) => s.maritime_transport_shipment?.vessel?.ship_sub_type),
      'house air waybill': shipments.map((s) => s.air_transport_shipment?.house_awbs[0]?.loading_airport),
      'road trip with driver': shipments.map((s) => s.national_road_transports[0]?.trips[0]?.driver),
      'route point': shipments.map((s) => s.national_road_transports[0]?.route?.points),
      parcel: shipments.map((s) => s.parcel_shipments),
      'CE Mercante manifest': shipments.map((s) => s.ce_mercante?.cargo_manifests),
      declaration: shipments.map((s) => s.declarations),
      licence: shipments.map((s) => s.licenses),
    };
    const missing = Object.entries(kinds).filter(([, values]) => !values.some(present)).map(([kind]) => kind);
    expect(missing).toEqual([]);
    const rest = await C.get(`${op}/processes`, 'limit=100');
    expect(rest.status).toBe(200);
    expect(rest.body.data).toEqual(rows);
  });

  it('answers one process by id and by reference code as the field-by-field read does, and 404 for a deleted one or another company\'s', async () => {
    const processes = (await C.get(`${op}/processes`, 'limit=100')).body.data;
    const one = async (operation: string, field: string, variables: Record<string, unknown>) => {
      const document = routeDocument(operation);
      const assembled = await graphql(demo.api_key, document, variables);
      const plain = await graphql(demo.api_key, document.replace('...ProcessFields', '...ProcessFields\n    row_id: id'), variables);
      expect(assembled.body.errors).toBeUndefined();
      expect(plain.body.errors).toBeUndefined();
      const { row_id, ...rest } = plain.body.data[field];
      expect(row_id).toBe(rest.id);
      expect(rest).toEqual(assembled.body.data[field]);
      return assembled.body.data[field];
    };
    const vars = { operation_id: demo.operation.id };
    for (const process of [processes[0], processes.find((p: any) => p.foreign_trade_shipment?.maritime_transport_shipment?.vessel), processes.at(-1)]) {
      expect(await one('ProcessesGet', 'process', { ...vars, id: process.id })).toEqual(process);
      expect(await one('ProcessesGetByReferenceCode', 'processByReferenceCode', { ...vars, reference_code: process.reference_code })).toEqual(process);
      expect((await C.get(`${op}/processes/${process.id}`)).body.data).toEqual(process);
    }
    const gone = processes.at(-1);
    expect((await C.del(`${op}/processes/${gone.id}`)).status).toBe(200);
    expect((await C.get(`${op}/processes/${gone.id}`)).status).toBe(404);
    expect((await C.get(`${op}/processes-by-reference-code/${encodeURIComponent(gone.reference_code)}`)).status).toBe(404);
    const stranger = client((await newCompany()).api_key);
    expect((await stranger.get(`${op}/processes/${processes[0].id}`)).status).toBe(404);
    expect((await stranger.get(`${op}/processes`, 'limit=100')).status).toBe(404);
  });

  it('reads a page in the same number of statements at 1, 5 and every process, and answers the connection as the field-by-field read does', async () => {
    const total = (await C.get(`${op}/processes`, 'limit=100')).body.data.length;
    const counts: number[] = [];
    for (const limit of [1, 5, 100]) {
      const res = await C.get(`${op}/processes`, `limit=${limit}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(Math.min(limit, total));
      counts.push(Number(res.headers.get('x-sql-statements')));
    }
    expect(new Set(counts).size, `statements: ${counts.join(', ')}`).toBe(1);
    const connection = `query ($after: String) { processesConnection(operation_id: ${demo.operation.id}, first: 2, after: $after) { edges { node { ...ProcessFields } } pageInfo { hasNextPage endCursor } } }\n${routeFragments('ProcessesList')}`;
    let after: string | null = null;
    for (let page = 0; page < 2; page++) {
      const assembled = await graphql(demo.api_key, connection, { after });
      const plain = await graphql(demo.api_key, fieldByField(connection, 'Process'), { after });
      expect(assembled.body.errors).toBeUndefined();
      const nodes = assembled.body.data.processesConnection.edges.map((e: { node: unknown }) => e.node);
      expect(nodes).toHaveLength(2);
      expect(plain.body.data.processesConnection.edges.map(({ node: { row_id, ...rest } }: { node: { row_id: number } }) => rest)).toEqual(nodes);
      after = assembled.body.data.processesConnection.pageInfo.endCursor;
    }
  });
});
