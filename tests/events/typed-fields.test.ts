// The typed fields of an event (docs/webhooks.md, "Typed fields"): the id and code of the record
// `data` describes, readable without `data`, so a feed of events need not carry their payloads.
import { describe, expect, it } from 'vitest';
import { client, graphql, newCompany, uniq } from '../helpers.ts';

describe('typed fields of events', () => {
  it('tells the resource of each event by id and code, with or without its data', async () => {
    const company = await newCompany();
    const C = client(company.api_key);
    const product = uniq('PRD-');
    const process = uniq('PRC-');
    expect((await C.post('/products', { code: product, description: 'Valve' })).status).toBe(201);
    const created = await C.post(`/operations/${company.operation.id}/processes`, { reference_code: process, foreign_trade_shipment: { eta: '2031-03-10T12:00:00Z' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await C.put(`/operations/${company.operation.id}/processes/${created.body.data.id}`, { foreign_trade_shipment: { eta: '2031-03-14T12:00:00Z' } })).status).toBe(200);

    const lean = await graphql(company.api_key, '{ events(limit: 100) { data { id type resource_id resource_reference_code } } }');
    expect(lean.body.errors, JSON.stringify(lean.body.errors)).toBeUndefined();
    const events = lean.body.data.events.data as { id: string; type: string; resource_id: number; resource_reference_code: string }[];
    const productId = (await C.get(`/products-by-code/${product}`)).body.data.id;
    expect(events.map((e) => [e.type, e.resource_id, e.resource_reference_code])).toEqual([
      ['product.created', productId, product],
      ['process.created', created.body.data.id, process],
      ['process.updated', created.body.data.id, process],
      ['shipment.eta_changed', created.body.data.id, process],
    ]);
    for (const e of events) expect(Object.keys(e).sort()).toEqual(['id', 'resource_id', 'resource_reference_code', 'type']);

    const full = await graphql(company.api_key, '{ events(limit: 100) { data { id resource_id data previous } } }');
    expect(full.body.errors, JSON.stringify(full.body.errors)).toBeUndefined();
    for (const e of full.body.data.events.data) expect(e.data.id).toBe(e.resource_id);
    expect(full.body.data.events.data[3].previous).toMatchObject({ eta: '2031-03-10T12:00:00Z' });
  });
});
