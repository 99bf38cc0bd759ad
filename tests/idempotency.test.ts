// Idempotent POST and PUT (docs/index.md, Idempotent requests): a retry with the same key and
// request replays the first answer, another request with the key answers 422, retries racing
// the first get 409 or the replay and never run it twice, and a key expires after 24 hours.
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, errorBody, newCompany, uniq, type TestCompany, sharedApp } from './helpers.ts';
import { parallel } from './concurrency/parallel.ts';

describe('idempotency keys', () => {
  let c: TestCompany;
  beforeAll(async () => {
    c = await newCompany();
  });
  const send = async (method: string, path: string, params: unknown, key?: string) => {
    const res = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { 'api-key': c.api_key, 'content-type': 'application/json', locale: 'en-US', ...(key ? { 'idempotency-key': key } : {}) },
      body: params === undefined ? undefined : JSON.stringify({ params }),
    });
    return { status: res.status, replayed: res.headers.get('idempotent-replayed'), text: await res.text() };
  };

  it('replays the first answer to a retry of the same request, and runs it once', async () => {
    const key = randomUUID();
    const product = { code: uniq('IDEM-'), description: 'Valve' };
    const first = await send('POST', '/products', product, key);
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    const retry = await send('POST', '/products', product, key);
    expect(retry).toEqual({ status: 201, replayed: 'true', text: first.text });
    // Without the key the same POST runs again and finds the code taken.
    expect((await send('POST', '/products', product)).status).toBe(422);
    // A PUT without a body (a lifecycle action) is replayed the same way.
    const order = await send('POST', `/operations/${c.operation.id}/orders`, { reference_code: uniq('ORC-'), purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: product.code, quantity: '1' }] } });
    const id = JSON.parse(order.text).data.id;
    const finishKey = randomUUID();
    const finished = await send('PUT', `/operations/${c.operation.id}/orders/${id}/finish`, undefined, finishKey);
    expect(finished.status).toBe(200);
    expect(await send('PUT', `/operations/${c.operation.id}/orders/${id}/finish`, undefined, finishKey)).toEqual({ status: 200, replayed: 'true', text: finished.text });
    expect((await send('PUT', `/operations/${c.operation.id}/orders/${id}/finish`, undefined)).status).toBe(422);
  });

  it('keeps a refusal as the answer too, and refuses the key with another request or a malformed key', async () => {
    const key = randomUUID();
    const incomplete = { code: uniq('IDEM-') };
    const refused = await send('POST', '/products', incomplete, key);
    expect(refused.status).toBe(422);
    expect(await send('POST', '/products', incomplete, key)).toEqual({ status: 422, replayed: 'true', text: refused.text });
    const other = await send('POST', '/products', { code: uniq('IDEM-'), description: 'Other' }, key);
    expect(other.status).toBe(422);
    expect(JSON.parse(other.text)).toEqual(errorBody('UNPROCESSABLE_ENTITY', 'Provided data are invalid.', [{ name: 'Idempotency-Key', message: 'was used with another request' }]));
    for (const [bad, message] of [['has space', 'is invalid'], ['x'.repeat(256), 'is too long (maximum is 255 characters)']]) {
      const res = await send('POST', '/products', { code: uniq('IDEM-'), description: 'Valve' }, bad);
      expect(res.status, bad).toBe(400);
      expect(JSON.parse(res.text).fields).toEqual([{ name: 'Idempotency-Key', message }]);
    }
  });

  it('runs a request once when twelve clients retry it at once: the others get 409 or its answer', async () => {
    const key = randomUUID();
    const product = { code: uniq('IDEM-'), description: 'Valve' };
    const answers = await parallel(() => send('POST', '/products', product, key));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409), statuses.join(',')).toBe(true);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.text)).size).toBe(1);
    expect(created.filter((a) => a.replayed === null)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status === 409)) expect(JSON.parse(a.text).code).toBe('CONFLICT');
  });

  it.skipIf(inject('databaseKind') !== 'postgres')('forgets a key after 24 hours: the request then runs again', async () => {
    const key = randomUUID();
    const product = { code: uniq('IDEM-'), description: 'Valve' };
    expect((await send('POST', '/products', product, key)).status).toBe(201);
    const db = new pg.Client({ connectionString: sharedApp().databaseUrl });
    await db.connect();
    try {
      const aged = await db.query(`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE company_id = $1 AND key = $2`, [c.company.id, key]);
      expect(aged.rowCount).toBe(1);
    } finally {
      await db.end();
    }
    const again = await send('POST', '/products', product, key);
    expect(again.status).toBe(422);
    expect(again.replayed).toBeNull();
  });
});
