// Full answers when asked, and Location on every 201 (docs/index.md, "Full answers and
// Location"): `Prefer: return=representation` on a POST or PUT answers `data` exactly as the
// GET of the written resource does, for at most one statement more than that GET; without it
// (or with `return=minimal`) the short answer stays; batches and DELETE keep theirs; an
// Idempotency-Key replay gives the same body and headers again.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, newCompany, uniq, type ApiResult, type TestCompany } from './helpers.ts';
import { startReceiver } from './webhooks/receiver.ts';

const FULL = { prefer: 'return=representation' };

describe('Prefer: return=representation and Location', () => {
  let c: TestCompany;
  let send: (method: string, path: string, params?: unknown, headers?: Record<string, string>) => Promise<ApiResult>;
  const get = (path: string) => api('GET', path, { key: c.api_key });
  const statements = (res: ApiResult) => Number(res.headers.get('x-sql-statements'));
  beforeAll(async () => {
    c = await newCompany();
    send = (method, path, params, headers) => api(method, path, { key: c.api_key, body: params === undefined ? undefined : { params }, headers });
  });
  const product = () => ({
    code: uniq('REP-'),
    description: 'Gate valve',
    internal_codes: [{ code: uniq('ERP-'), label: 'ERP' }],
    translated_descriptions: [{ language: 'en-US', description: 'Gate valve' }],
  });

  it('answers a create short by default, with its Location, and whole when asked', async () => {
    const short = await send('POST', '/products', product());
    expect(short.status).toBe(201);
    expect(Object.keys(short.body.data).sort()).toEqual(['code', 'id']);
    expect(short.headers.get('location')).toBe(`/api/products/${short.body.data.id}`);
    expect(short.headers.get('preference-applied')).toBeNull();
    expect(short.headers.get('vary')).toMatch(/\bPrefer\b/);
    const minimal = await send('POST', '/products', product(), { prefer: 'return=minimal' });
    expect(Object.keys(minimal.body.data).sort()).toEqual(['code', 'id']);
    expect(minimal.headers.get('preference-applied')).toBeNull();

    const whole = await send('POST', '/products', product(), FULL);
    expect(whole.status).toBe(201);
    expect(whole.headers.get('preference-applied')).toBe('return=representation');
    const location = whole.headers.get('location')!;
    expect(location).toBe(`/api/products/${whole.body.data.id}`);
    const read = await get(location.slice('/api'.length));
    expect(read.status).toBe(200);
    expect(whole.body).toEqual(read.body);
    expect(whole.body.data.internal_codes).toHaveLength(1);
  });

  it('reads the preference as RFC 7240 writes it: among others, any case, quoted', async () => {
    for (const prefer of ['respond-async, RETURN=Representation', 'return="representation"; x=1', 'handling=lenient,return=representation']) {
      const res = await send('POST', '/products', product(), { prefer });
      expect(res.headers.get('preference-applied'), prefer).toBe('return=representation');
      expect(res.body.data.translated_descriptions, prefer).toHaveLength(1);
    }
    const unknown = await send('POST', '/products', product(), { prefer: 'return=everything, wait=5' });
    expect(unknown.status).toBe(201);
    expect(Object.keys(unknown.body.data).sort()).toEqual(['code', 'id']);
  });

  it('answers an update, an update by natural key and a lifecycle action as their GET does', async () => {
    const created = (await send('POST', '/products', product())).body.data;
    const updated = await send('PUT', `/products/${created.id}`, { description: 'Gate valve DN80' }, FULL);
    expect(updated.status).toBe(200);
    expect(updated.headers.get('location')).toBeNull();
    expect(updated.body).toEqual((await get(`/products/${created.id}`)).body);
    expect(updated.body.data.description).toBe('Gate valve DN80');
    const byCode = await send('PUT', `/products-by-code/${created.code}`, { category: 'Valves' }, FULL);
    expect(byCode.body).toEqual((await get(`/products/${created.id}`)).body);

    const op = `/operations/${c.operation.id}`;
    const order = await send('POST', `${op}/orders`, { reference_code: uniq('ORC-'), purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: created.code, quantity: '5.0000' }] } }, FULL);
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect(order.headers.get('location')).toBe(`/api${op}/orders/${order.body.data.id}`);
    expect(order.body).toEqual((await get(`${op}/orders/${order.body.data.id}`)).body);
    const finished = await send('PUT', `${op}/orders-by-reference-code/${order.body.data.reference_code}/finish`, undefined, FULL);
    expect(finished.status).toBe(200);
    expect(finished.body.data.finished_at).not.toBeNull();
    expect(finished.body).toEqual((await get(`${op}/orders/${order.body.data.id}`)).body);

    const process = await send('POST', `${op}/processes`, { reference_code: uniq('PRC-') }, FULL);
    expect(process.status).toBe(201);
    expect(process.headers.get('location')).toBe(`/api${op}/processes/${process.body.data.id}`);
    expect(process.body).toEqual((await get(`${op}/processes/${process.body.data.id}`)).body);
    const closed = await send('PUT', `${op}/processes/${process.body.data.id}/costs/close`, undefined, FULL);
    expect(closed.status).toBe(200);
    expect(closed.body).toEqual((await get(`${op}/processes/${process.body.data.id}`)).body);
  });

  it('costs at most one statement more than the write and its GET apart', async () => {
    const op = `/operations/${c.operation.id}`;
    // Warm the key and the routes, then measure the same kind of write with and without the preference.
    await send('POST', `${op}/processes`, { reference_code: uniq('PRC-') });
    for (const [path, params] of [
      ['/products', product],
      [`${op}/processes`, () => ({ reference_code: uniq('PRC-'), foreign_trade_shipment: { type: 'MARITIME_TRANSPORT' } })],
    ] as const) {
      const short = await send('POST', path, params());
      const read = await get(`${path}/${short.body.data.id}`);
      const whole = await send('POST', path, params(), FULL);
      expect(whole.headers.get('preference-applied')).toBe('return=representation');
      const [w, g, r] = [statements(short), statements(read), statements(whole)];
      expect(w, path).toBeGreaterThan(0);
      expect(r, `${path}: write ${w}, GET ${g}, write with the representation ${r}`).toBeLessThanOrEqual(w + g + 1);
    }
  });

  it('keeps batches and deletes short, and names the collection as a batch Location', async () => {
    const batch = await send('PUT', '/products', [product(), product()], FULL);
    expect(batch.status).toBe(201);
    expect(batch.headers.get('location')).toBe('/api/products');
    expect(batch.headers.get('preference-applied')).toBeNull();
    for (const item of batch.body.data) expect(Object.keys(item).sort()).toEqual(['code', 'id']);
    const deleted = await send('DELETE', `/products/${batch.body.data[0].id}`, undefined, FULL);
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('preference-applied')).toBeNull();
    expect(Object.keys(deleted.body.data).sort()).toEqual(['code', 'id']);
  });

  it('marks an answer that is whole already as applied, a revealed secret kept, and gives every 201 its Location', async () => {
    const receiver = await startReceiver();
    try {
      const hook = await send('POST', '/webhooks', { url: receiver.url, events: ['order.created'] }, FULL);
      expect(hook.status).toBe(201);
      expect(hook.headers.get('preference-applied')).toBe('return=representation');
      expect(hook.headers.get('location')).toBe(`/api/webhooks/${hook.body.data.id}`);
      expect(hook.body.data.secret).toMatch(/^whsec_/);
      const partner = await send('POST', '/partnerships', { name: uniq('Partner '), internal_code: uniq('P-'), roles: [{ role: 'SUPPLIER' }] });
      expect(partner.status).toBe(201);
      expect(partner.headers.get('location')).toBe(`/api/partnerships/${partner.body.data.id}`);
      expect((await get(partner.headers.get('location')!.slice(4))).status).toBe(200);
      // A PUT that creates its resource answers 201 with the resource's Location; the next, 200 without.
      const connection = { protocol: 'DCSA_TNT_2', base_url: 'http://127.0.0.1:9/tnt', auth_header: 'API-Key', auth_value: 'secret-value' };
      const put = await send('PUT', '/carrier-connections/HLCU', connection);
      expect(put.status).toBe(201);
      expect(put.headers.get('location')).toBe('/api/carrier-connections/HLCU');
      const again = await send('PUT', '/carrier-connections/HLCU', connection, FULL);
      expect(again.status).toBe(200);
      expect(again.headers.get('location')).toBeNull();
      expect(again.body).toEqual((await get('/carrier-connections/HLCU')).body);
    } finally {
      await receiver.close();
    }
  });

  it('refuses a Prefer header over 256 characters before any work', async () => {
    const code = uniq('REP-');
    const res = await api('POST', '/products', { key: c.api_key, body: { params: { code, description: 'Valve' } }, headers: { prefer: `return=representation, ${'x'.repeat(256)}`, locale: 'en-US' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ name: 'Prefer', message: 'is too long (maximum is 256 characters)' }]);
    expect((await get(`/products-by-code/${code}`)).status).toBe(404);
  });

  it('replays the same representation and Location to a retry with the same Idempotency-Key', async () => {
    const key = randomUUID();
    const params = product();
    const first = await send('POST', '/products', params, { ...FULL, 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    for (const retry of [await send('POST', '/products', params, { ...FULL, 'idempotency-key': key }), await send('POST', '/products', params, { 'idempotency-key': key })]) {
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect(retry.headers.get('location')).toBe(first.headers.get('location'));
      expect(retry.headers.get('preference-applied')).toBe('return=representation');
    }
    // A short first answer is replayed short, even to a retry that asks for the whole resource.
    const shortKey = randomUUID();
    const other = product();
    const short = await send('POST', '/products', other, { 'idempotency-key': shortKey });
    const replay = await send('POST', '/products', other, { ...FULL, 'idempotency-key': shortKey });
    expect(replay.body).toEqual(short.body);
    expect(replay.headers.get('location')).toBe(short.headers.get('location'));
    expect(replay.headers.get('preference-applied')).toBeNull();
  });
});
