// The REST API as an integrator's generated client sees it (docs/clients.md): types generated
// from /openapi.json by openapi-typescript (tests/client/openapi.ts, kept fresh below), calls
// made with openapi-fetch, with no cast anywhere. Every operation of the document is called
// once at least, and the test fails if one is left out.
import createClient, { type Middleware } from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { clientTypes, clientTypesFile } from '../scripts/client-types.ts';
import type { paths } from './client/openapi.ts';
import { baseUrl, costModelOf, newCompany, routeOf, uniq, type TestCompany } from './helpers.ts';

const called = new Set<string>();
const record: Middleware = {
  onRequest({ request, schemaPath }) {
    called.add(`${request.method} ${schemaPath}`);
  },
};

/** A client of one company, the way the docs show it. */
function clientOf(key: string) {
  const c = createClient<paths>({ baseUrl: `${baseUrl()}/api`, headers: { 'api-key': key } });
  c.use(record);
  return c;
}

/** Multipart bodies for the upload routes: the file travels as a Blob. */
function formOf(body: { type: string; file: string; description?: string; invoice_id?: number; parent_document_id?: number }): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(body)) if (v !== undefined && k !== 'file') form.set(k, String(v));
  form.set('file', new Blob([body.file], { type: 'text/plain' }), 'packing-list.txt');
  return form;
}

describe('a client generated from /openapi.json', () => {
  let company: TestCompany;
  let api: ReturnType<typeof clientOf>;
  let op: number;

  beforeAll(async () => {
    company = await newCompany();
    api = clientOf(company.api_key);
    op = company.operation.id;
  });

  it('is what openapi-typescript makes of the served document today (run npm run codegen)', async () => {
    const served = await (await fetch(`${baseUrl()}/openapi.json`)).json();
    expect(readFileSync(clientTypesFile, 'utf8')).toBe(await clientTypes(served));
  });

  it('creates, reads, lists with order and filters, updates and deletes products', async () => {
    const code = uniq('PRD-');
    const created = await api.POST('/products', { body: { params: { code, description: 'Valve', category: 'Valves', net_weight_per_package: '18.5000' } } });
    expect(created.response.status).toBe(201);
    const id = created.data!.data.id;
    const read = await api.GET('/products/{id}', { params: { path: { id } } });
    expect(read.data!.data).toMatchObject({ code, net_weight_per_package: '18.5000' });
    const list = await api.GET('/products', { params: { query: { order_by: '-inserted_at,id', limit: 5, filters: { category: 'Valves' } } } });
    expect(list.data!.data.map((p) => p.code)).toContain(code);
    expect((await api.PUT('/products/{id}', { params: { path: { id } }, body: { params: { description: 'Ball valve' } } })).data!.data).toEqual({ id, code });
    expect((await api.PUT('/products-by-code/{code}', { params: { path: { code } }, body: { params: { family: 'Steel' } } })).response.status).toBe(200);
    expect((await api.GET('/products-by-code/{code}', { params: { path: { code } } })).data!.data).toMatchObject({ id, description: 'Ball valve', family: 'Steel' });
    const other = uniq('PRD-');
    const upsert = await api.PUT('/products', { body: { params: [{ code: other, description: 'Gasket' }, { code, description: 'Valve again' }] } });
    expect(upsert.data!.data.map((p) => p.code)).toEqual([other, code]);
    expect((await api.DELETE('/products-by-code/{code}', { params: { path: { code: other } } })).response.status).toBe(200);
    expect((await api.DELETE('/products/{id}', { params: { path: { id } } })).response.status).toBe(200);
    const gone = await api.GET('/products/{id}', { params: { path: { id } } });
    expect(gone.response.status).toBe(404);
    expect(gone.error!.code).toBe('NOT_FOUND');
    const events = await api.GET('/events', { params: { query: { limit: 100, filters: { type: 'product.deleted' } } } });
    expect(events.data!.data.map((e) => e.data.id)).toContain(id);
    expect(events.data!.next_cursor).toEqual(expect.any(String));
  });

  it('walks a list by cursor and reads the handler slots of an operation', async () => {
    const category = uniq('Walk-');
    const made = await api.PUT('/products', { body: { params: Array.from({ length: 5 }, (_, i) => ({ code: uniq(`W${i}-`), description: 'Walked valve', category })) } });
    expect(made.response.status, JSON.stringify(made.error)).toBe(201);
    const codes: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await api.GET('/products', { params: { query: { limit: 2, order_by: 'code', filters: { category }, after } } });
      expect(res.response.status, JSON.stringify(res.error)).toBe(200);
      codes.push(...res.data!.data.map((p) => p.code));
      expect(res.data!.total_count).toBe(5);
      const next: string | null = res.data!.next_cursor;
      if (next === null) break;
      after = next;
    }
    expect(codes).toEqual(made.data!.data.map((p) => p.code).sort());
    const operation = await api.GET('/operations/{operation_id}', { params: { path: { operation_id: op } } });
    const slots = operation.data!.data.handlers;
    expect(slots.map((h) => h.id).sort((a, b) => a - b)).toEqual(company.operation.handlers.map((h) => h.id).sort((a, b) => a - b));
    const importer = slots.find((h) => h.role === 'importer')!;
    expect({ id: importer.id, business_role: importer.business_role }).toEqual({ id: company.operation.handlers.find((h) => h.role === 'importer')!.id, business_role: 'IMPORTER' });
  });

  it('registers, reads, lists, updates, tests, retries, rotates and deletes a webhook endpoint', async () => {
    const created = await api.POST('/webhooks', { body: { params: { url: 'http://127.0.0.1:9/hooks', events: ['order.created'] } } });
    expect(created.response.status).toBe(201);
    const id = created.data!.data.id;
    expect(created.data!.data.secret).toMatch(/^whsec_/);
    expect((await api.GET('/webhooks/{id}', { params: { path: { id } } })).data!.data.secret).toBeNull();
    expect((await api.GET('/webhooks', { params: { query: { order_by: '-id', limit: 5 } } })).data!.data[0].id).toBe(id);
    expect((await api.PUT('/webhooks/{id}', { params: { path: { id } }, body: { params: { events: ['*'] } } })).data!.data.events).toEqual(['*']);
    const ping = await api.POST('/webhooks/{id}/test', { params: { path: { id } } });
    expect(ping.data!.data.event_type).toBe('ping');
    const delivery_id = ping.data!.data.id;
    expect((await api.GET('/webhooks/{id}/deliveries', { params: { path: { id } } })).data!.total_count).toBe(1);
    expect((await api.POST('/webhooks/{id}/deliveries/{delivery_id}/retry', { params: { path: { id, delivery_id } } })).response.status).toBe(200);
    expect((await api.POST('/webhooks/{id}/rotate-secret', { params: { path: { id } } })).data!.data.secret).toMatch(/^whsec_/);
    expect((await api.DELETE('/webhooks/{id}', { params: { path: { id } } })).response.status).toBe(200);
  });

  it('makes, reads, lists, rotates and revokes an API key', async () => {
    const created = await api.POST('/keys', { body: { params: { name: 'typed reader', scopes: ['read'] } } });
    expect(created.response.status).toBe(201);
    const { prefix, key } = created.data!.data;
    expect(key).toMatch(/^tt_/);
    expect((await api.GET('/keys/{prefix}', { params: { path: { prefix } } })).data!.data.key).toBeNull();
    expect((await api.GET('/keys', { params: { query: { limit: 5 } } })).data!.data[0].prefix).toBe(prefix);
    const rotated = await api.POST('/keys/{prefix}/rotate', { params: { path: { prefix } }, body: { params: { overlap_seconds: 0 } } });
    expect(rotated.data!.data.scopes).toEqual(['read']);
    expect((await api.DELETE('/keys/{prefix}', { params: { path: { prefix: rotated.data!.data.prefix } } })).data!.data.status).toBe('REVOKED');
  });

  it('runs an order through its lifecycle by id and by reference code, and changes single lines', async () => {
    const product = uniq('PRD-');
    await api.POST('/products', { body: { params: { code: product, description: 'Valve' } } });
    const code = uniq('ORD-');
    const created = await api.POST('/operations/{operation_id}/orders', {
      params: { path: { operation_id: op } },
      body: {
        params: {
          reference_code: code,
          purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: product, quantity: '5' }] },
        },
      },
    });
    const salesCode = uniq('ORD-');
    const salesOrder = await api.POST('/operations/{operation_id}/orders', {
      params: { path: { operation_id: op } },
      body: { params: { reference_code: salesCode, sales_order: { type: 'DIRECT', items: [{ line_reference: '20', product_code: product, quantity: '2' }] } } },
    });
    expect(salesOrder.response.status, JSON.stringify(salesOrder.error)).toBe(201);
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const id = created.data!.data.id;
    const path = { operation_id: op, id };
    const byCode = { operation_id: op, reference_code: code };
    expect((await api.GET('/operations/{operation_id}/orders/{id}', { params: { path } })).data!.data.reference_code).toBe(code);
    expect((await api.GET('/operations/{operation_id}/orders-by-reference-code/{reference_code}', { params: { path: byCode } })).data!.data.id).toBe(id);
    const list = await api.GET('/operations/{operation_id}/orders', { params: { path: { operation_id: op }, query: { order_by: '-inserted_at', search: code } } });
    expect(list.data!.total_count).toBe(1);
    await api.PUT('/operations/{operation_id}/orders/{id}', { params: { path }, body: { params: { observations: 'by id' } } });
    await api.PUT('/operations/{operation_id}/orders-by-reference-code/{reference_code}', { params: { path: byCode }, body: { params: { observations: 'by code' } } });
    const line = await api.PUT('/operations/{operation_id}/orders/{reference_code}/purchase-order-items/{line_reference}', {
      params: { path: { ...byCode, line_reference: '10' } },
      body: { params: { line_reference: '10', quantity: '6' } },
    });
    expect(line.response.status, JSON.stringify(line.error)).toBe(200);
    const sales = await api.PUT('/operations/{operation_id}/orders/{reference_code}/sales-order-items/{line_reference}', {
      params: { path: { operation_id: op, reference_code: salesCode, line_reference: '20' } },
      body: { params: { line_reference: '20', quantity: '3' } },
    });
    expect(sales.response.status, JSON.stringify(sales.error)).toBe(200);
    const order = async () => (await api.GET('/operations/{operation_id}/orders/{id}', { params: { path } })).data!.data;
    expect((await api.PUT('/operations/{operation_id}/orders/{id}/cancel', { params: { path } })).data!.data).toEqual({ id, reference_code: code });
    expect((await order()).canceled_at).not.toBeNull();
    expect((await api.PUT('/operations/{operation_id}/orders/{id}/uncancel', { params: { path } })).response.status).toBe(200);
    expect((await order()).canceled_at).toBeNull();
    expect((await api.PUT('/operations/{operation_id}/orders-by-reference-code/{reference_code}/cancel', { params: { path: byCode } })).response.status).toBe(200);
    expect((await api.PUT('/operations/{operation_id}/orders-by-reference-code/{reference_code}/uncancel', { params: { path: byCode } })).response.status).toBe(200);
    expect((await api.PUT('/operations/{operation_id}/orders/{id}/finish', { params: { path } })).response.status).toBe(200);
    expect((await order()).finished_at).not.toBeNull();
    const again = await api.PUT('/operations/{operation_id}/orders-by-reference-code/{reference_code}/finish', { params: { path: byCode } });
    expect(again.response.status).toBe(422);
    const other = uniq('ORD-');
    const upsert = await api.PUT('/operations/{operation_id}/orders', {
      params: { path: { operation_id: op } },
      body: { params: [{ reference_code: other, purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: product, quantity: '1' }] } }] },
    });
    expect(upsert.response.status, JSON.stringify(upsert.error)).toBe(200);
    expect((await api.DELETE('/operations/{operation_id}/orders-by-reference-code/{reference_code}', { params: { path: { operation_id: op, reference_code: other } } })).response.status).toBe(200);
    expect((await api.DELETE('/operations/{operation_id}/orders/{id}', { params: { path } })).response.status).toBe(200);
  });

  it('reads operations, partners, routes, cost models, fleet and reference data', async () => {
    const partner = await api.POST('/partnerships', { body: { params: { name: uniq('Partner '), internal_code: uniq('P-'), roles: [{ role: 'SUPPLIER' }] } } });
    expect(partner.response.status, JSON.stringify(partner.error)).toBe(201);
    const actorId = partner.data!.data.partner.id;
    expect((await api.GET('/actors/{id}', { params: { path: { id: actorId } } })).data!.data.id).toBe(actorId);
    expect((await api.GET('/actors', { params: { query: { order_by: 'id', limit: 100 } } })).data!.data.some((a) => a.id === actorId)).toBe(true);
    const partnershipId = partner.data!.data.id;
    expect((await api.GET('/partnerships/{id}', { params: { path: { id: partnershipId } } })).data!.data.partner.id).toBe(actorId);
    const partners = await api.GET('/partnerships', { params: { query: { filters: { role: 'SUPPLIER' }, order_by: '-id', limit: 100 } } });
    expect(partners.data!.data.map((p) => p.id)).toContain(partnershipId);
    const operations = await api.GET('/operations', {});
    expect(operations.data!.data.map((o) => o.id)).toEqual([op]);
    const operation = await api.GET('/operations/{operation_id}', { params: { path: { operation_id: op } } });
    expect(operation.data!.data.handlers.find((h) => h.role === 'importer')!.business_role).toBe('IMPORTER');

    const route = await routeOf(company.api_key);
    expect((await api.GET('/routes/{id}', { params: { path: { id: route.id } } })).data!.data.points.map((p) => p.id)).toEqual(route.points);
    expect((await api.GET('/routes', { params: { query: { order_by: '-id' } } })).data!.data[0].id).toBe(route.id);

    const model = await costModelOf(company.api_key);
    const modelId = model.id;
    const versionId = model.versions[0].id;
    expect((await api.GET('/cost-models/{id}', { params: { path: { id: modelId } } })).data!.data.id).toBe(modelId);
    expect((await api.GET('/cost-models', {})).data!.data.some((m) => m.id === modelId)).toBe(true);
    expect((await api.GET('/cost-model-versions/{id}', { params: { path: { id: versionId } } })).data!.data.id).toBe(versionId);

    const driver = await api.POST('/drivers', { body: { params: { name: 'Ana', document_number: uniq('D') } } });
    expect(driver.response.status, JSON.stringify(driver.error)).toBe(201);
    const vehicle = await api.POST('/vehicles', { body: { params: { type: 'TRUCK', plate: uniq('V').slice(0, 8), is_refrigerated: false } } });
    expect(vehicle.response.status, JSON.stringify(vehicle.error)).toBe(201);
    const trailer = await api.POST('/trailers', { body: { params: { type: 'BOX', plate: uniq('T').slice(0, 8) } } });
    expect(trailer.response.status, JSON.stringify(trailer.error)).toBe(201);
    for (const [id, list, one, update, remove] of [
      [driver.data!.data.id, () => api.GET('/drivers', {}), (id: number) => api.GET('/drivers/{id}', { params: { path: { id } } }), (id: number) => api.PUT('/drivers/{id}', { params: { path: { id } }, body: { params: { name: 'Ana Lima' } } }), (id: number) => api.DELETE('/drivers/{id}', { params: { path: { id } } })],
      [vehicle.data!.data.id, () => api.GET('/vehicles', {}), (id: number) => api.GET('/vehicles/{id}', { params: { path: { id } } }), (id: number) => api.PUT('/vehicles/{id}', { params: { path: { id } }, body: { params: { model: 'FH 540' } } }), (id: number) => api.DELETE('/vehicles/{id}', { params: { path: { id } } })],
      [trailer.data!.data.id, () => api.GET('/trailers', {}), (id: number) => api.GET('/trailers/{id}', { params: { path: { id } } }), (id: number) => api.PUT('/trailers/{id}', { params: { path: { id } }, body: { params: { model: 'Sider' } } }), (id: number) => api.DELETE('/trailers/{id}', { params: { path: { id } } })],
    ] as const) {
      expect((await list()).response.status).toBe(200);
      expect((await one(id)).response.status).toBe(200);
      expect((await update(id)).response.status).toBe(200);
      expect((await remove(id)).response.status).toBe(200);
    }

    expect((await api.GET('/ports', { params: { query: { search: 'santos', filters: { country_code: 'BR' } } } })).data!.data.some((p) => p.unlocode === 'BRSSZ')).toBe(true);
    expect((await api.GET('/ports/{unlocode}', { params: { path: { unlocode: 'BRSSZ' } } })).data!.data.name).toBe('Santos');
    expect((await api.GET('/airports', { params: { query: { filters: { country_code: 'BR' }, search: 'GRU' } } })).data!.data[0].icao_code).toBe('SBGR');
    expect((await api.GET('/airports/{code}', { params: { path: { code: 'SBGR' } } })).data!.data.iata_code).toBe('GRU');
    expect((await api.GET('/airlines', { params: { query: { search: 'LATAM' } } })).data!.total_count).toBeGreaterThan(0);
    expect((await api.GET('/sealines', { params: { query: { order_by: 'scac', limit: 100 } } })).data!.data.some((s) => s.scac === 'MAEU')).toBe(true);
    expect((await api.GET('/sealines/{scac}', { params: { path: { scac: 'MAEU' } } })).data!.data.scac).toBe('MAEU');
    expect((await api.GET('/countries', { params: { query: { search: 'BRA' } } })).data!.data[0].code).toBe('BR');
    expect((await api.GET('/currencies', { params: { query: { search: 'BRL' } } })).data!.data[0].code).toBe('BRL');
    expect((await api.GET('/vessels', { params: { query: { search: '710', limit: 1 } } })).response.status).toBe(200);
    const unknownVessel = await api.GET('/vessels/{mmsi}/current-voyage', { params: { path: { mmsi: '710999999' } } });
    expect(unknownVessel.error!.code).toBe('NOT_FOUND');
    const calls = await api.GET('/port-schedules/{port_unlocode}', {
      params: { path: { port_unlocode: 'BRSSZ' }, query: { start_date_etb: '2025-01-01T00:00:00Z', end_date_etb: '2025-01-02T00:00:00Z' } },
    });
    expect(calls.data!.total_count).toBeGreaterThanOrEqual(0);
  });

  it('runs a process with its shipment, costs, documents and lifecycle, by id and by reference code', async () => {
    const code = uniq('PRC-');
    const created = await api.POST('/operations/{operation_id}/processes', {
      params: { path: { operation_id: op } },
      body: {
        params: {
          reference_code: code,
          foreign_trade_shipment: {
            type: 'MARITIME_TRANSPORT',
            maritime_transport_shipment: { loading_port_code: 'BRSSZ', discharge_port_code: 'NLRTM', sealine_code: 'MAEU' },
            transportables: [{ type: 'CONTAINER', container: { code: 'MSCU1234565', type: 'DRY', size_foot_type: 'STANDARD_40' } }],
            invoices: [{ number: 'INV-1', emitted_at: '2025-03-01T00:00:00Z', incoterm: 'FOB', currency_code: 'USD', items: [{ product_sku: 'SKU-1', quantity: '2', shipment_quantity: '2', unitary_amount: '10.00' }] }],
          },
        },
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const id = created.data!.data.id;
    const path = { operation_id: op, id };
    const byCode = { operation_id: op, reference_code: code };
    const read = await api.GET('/operations/{operation_id}/processes/{id}', { params: { path } });
    expect(read.data!.data.foreign_trade_shipment!.maritime_transport_shipment!.loading_port!.unlocode).toBe('BRSSZ');
    expect((await api.GET('/operations/{operation_id}/processes-by-reference-code/{reference_code}', { params: { path: byCode } })).data!.data.id).toBe(id);
    const list = await api.GET('/operations/{operation_id}/processes', { params: { path: { operation_id: op }, query: { order_by: '-inserted_at,id', filters: { reference_code: code } } } });
    expect(list.data!.data.map((p) => p.id)).toEqual([id]);
    await api.PUT('/operations/{operation_id}/processes/{id}', { params: { path }, body: { params: { alert_level: 'DANGER' } } });
    await api.PUT('/operations/{operation_id}/processes-by-reference-code/{reference_code}', { params: { path: byCode }, body: { params: { alert_level: 'NORMAL' } } });

    const expense = (await costModelOf(company.api_key)).versions[0].root_model_expenses[0].id;
    const costPath = { operation_id: op, process_id: id };
    const costs = await api.PUT('/operations/{operation_id}/processes/{process_id}/cost-per-expenses', { params: { path: costPath }, body: { params: [{ cost_model_expense_id: expense, cost: '350.0000' }] } });
    expect(costs.response.status, JSON.stringify(costs.error)).toBe(201);
    expect((await api.PUT('/operations/{operation_id}/processes/{process_id}/costs/close', { params: { path: costPath } })).response.status).toBe(200);
    expect((await api.PUT('/operations/{operation_id}/processes/{process_id}/costs/reopen', { params: { path: costPath } })).response.status).toBe(200);

    const upload = await api.POST('/operations/{operation_id}/processes/{process_id}/documents', {
      params: { path: costPath },
      body: { type: 'PACKING_LIST', file: 'packing list', description: 'PL' },
      bodySerializer: formOf,
    });
    expect(upload.response.status, JSON.stringify(upload.error)).toBe(201);
    const doc = upload.data!.data.id;
    const download = await api.GET('/operations/{operation_id}/processes/{process_id}/documents/{id}', { params: { path: { ...costPath, id: doc } }, parseAs: 'text' });
    expect(download.data).toBe('packing list');
    const second = await api.POST('/operations/{operation_id}/processes-by-reference-code/{reference_code}/documents', {
      params: { path: byCode },
      body: { type: 'OTHER', file: 'second', parent_document_id: doc },
      bodySerializer: formOf,
    });
    expect(second.response.status, JSON.stringify(second.error)).toBe(201);
    const docByCode = { ...byCode, id: second.data!.data.id };
    expect((await api.GET('/operations/{operation_id}/processes-by-reference-code/{reference_code}/documents/{id}', { params: { path: docByCode }, parseAs: 'text' })).data).toBe('second');
    expect((await api.DELETE('/operations/{operation_id}/processes-by-reference-code/{reference_code}/documents/{id}', { params: { path: docByCode } })).response.status).toBe(200);
    expect((await api.DELETE('/operations/{operation_id}/processes/{process_id}/documents/{id}', { params: { path: { ...costPath, id: doc } } })).response.status).toBe(200);

    const process = async () => (await api.GET('/operations/{operation_id}/processes/{id}', { params: { path } })).data!.data;
    expect((await api.PUT('/operations/{operation_id}/processes/{id}/cancel', { params: { path } })).data!.data).toEqual({ id, reference_code: code });
    expect((await process()).canceled_at).not.toBeNull();
    expect((await api.PUT('/operations/{operation_id}/processes/{id}/uncancel', { params: { path } })).response.status).toBe(200);
    expect((await process()).canceled_at).toBeNull();
    expect((await api.PUT('/operations/{operation_id}/processes-by-reference-code/{reference_code}/cancel', { params: { path: byCode } })).response.status).toBe(200);
    expect((await api.PUT('/operations/{operation_id}/processes-by-reference-code/{reference_code}/uncancel', { params: { path: byCode } })).response.status).toBe(200);
    expect((await api.PUT('/operations/{operation_id}/processes/{id}/finish', { params: { path } })).response.status).toBe(200);
    expect((await process()).finished_at).not.toBeNull();
    expect((await api.PUT('/operations/{operation_id}/processes-by-reference-code/{reference_code}/finish', { params: { path: byCode } })).response.status).toBe(422);
    const other = uniq('PRC-');
    const upsert = await api.PUT('/operations/{operation_id}/processes', { params: { path: { operation_id: op } }, body: { params: [{ reference_code: other }] } });
    expect(upsert.response.status, JSON.stringify(upsert.error)).toBe(200);
    expect((await api.DELETE('/operations/{operation_id}/processes-by-reference-code/{reference_code}', { params: { path: { operation_id: op, reference_code: other } } })).response.status).toBe(200);
    expect((await api.DELETE('/operations/{operation_id}/processes/{id}', { params: { path } })).response.status).toBe(200);
  });

  it('connects a carrier, looks a process up with it on demand, lists and removes the connection', async () => {
    const scac = 'TCLU';
    const put = await api.PUT('/carrier-connections/{scac}', {
      params: { path: { scac } },
      body: { params: { protocol: 'DCSA_TNT_2', base_url: 'http://127.0.0.1:9/tnt', auth_header: 'API-Key', auth_value: 'typed-client-secret' } },
    });
    expect(put.response.status, JSON.stringify(put.error)).toBe(201);
    expect(put.data!.data).toMatchObject({ scac, protocol: 'DCSA_TNT_2' });
    expect(JSON.stringify(put.data)).not.toContain('typed-client-secret');
    expect((await api.GET('/carrier-connections/{scac}', { params: { path: { scac } } })).data!.data.notification_url).toMatch(/^http/);
    expect((await api.GET('/carrier-connections')).data!.data.map((c) => c.scac)).toContain(scac);
    const code = uniq('PRC-');
    const created = await api.POST('/operations/{operation_id}/processes', {
      params: { path: { operation_id: op } },
      body: { params: { reference_code: code, foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', maritime_transport_shipment: { sealine_code: 'MAEU', bl: 'MAEU123456789', tracking_key: 'BILL_OF_LADING' } } } },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    // MAEU has no connection here: the lookup changes nothing and answers the summary as it stands.
    const byId = await api.PUT('/operations/{operation_id}/processes/{id}/tracking/refresh', { params: { path: { operation_id: op, id: created.data!.data.id } } });
    expect(byId.data!.data.status_response).toBeTypeOf('string');
    const byCode = await api.PUT('/operations/{operation_id}/processes-by-reference-code/{reference_code}/tracking/refresh', { params: { path: { operation_id: op, reference_code: code } } });
    expect(byCode.data!.data).toEqual(byId.data!.data);
    expect((await api.DELETE('/carrier-connections/{scac}', { params: { path: { scac } } })).response.status).toBe(200);
    expect((await api.GET('/carrier-connections/{scac}', { params: { path: { scac } } })).response.status).toBe(404);
  });

  it('has called every operation of the document', async () => {
    const doc = (await (await fetch(`${baseUrl()}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const all = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).filter((m) => m !== 'parameters').map((m) => `${m.toUpperCase()} ${p}`));
    expect(all.filter((o) => !called.has(o))).toEqual([]);
  });
});
