import { beforeAll, describe, expect, it } from 'vitest';
import { api, client, newCompany, uniq, type TestCompany } from '../helpers.ts';
import { CLIENTS, expectEveryRound, parallel, rounds, tally, unexpected } from './parallel.ts';

// Optimistic concurrency: a write carrying `If-Match` applies only while the row still reads
// with that ETag (the weak ETag of its GET); otherwise 412 PRECONDITION_FAILED.
describe('If-Match on writes', () => {
  let co: TestCompany;
  let C: ReturnType<typeof client>;
  beforeAll(async () => {
    co = await newCompany();
    C = client(co.api_key);
  });

  const withIfMatch = (method: string, path: string, ifMatch: string, params?: unknown) =>
    api(method, path, { key: co.api_key, body: params === undefined ? undefined : { params }, headers: { 'if-match': ifMatch } });

  async function productWithTag() {
    const code = uniq('PRD-');
    const created = await C.post('/products', { code, description: 'Ball valve 2"', category: 'Valves' });
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const read = await C.get(`/products/${id}`);
    const etag = read.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    return { id, code, etag: etag! };
  }

  it('applies a product update whose If-Match is the current ETag, and refuses the same ETag again with 412, keeping the first value', async () => {
    const { id, etag } = await productWithTag();
    const first = await withIfMatch('PUT', `/products/${id}`, etag, { description: 'Ball valve 2", revised' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const stale = await withIfMatch('PUT', `/products/${id}`, etag, { description: 'Ball valve 2", stale edit' });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: 'PRECONDITION_FAILED' });
    const after = await C.get(`/products/${id}`);
    expect(after.body.data.description).toBe('Ball valve 2", revised');
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('lets exactly one of 12 clients holding the same fresh ETag update a process; the other eleven get 412', async () => {
    const P = `/operations/${co.operation.id}/processes`;
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(4, 1); round++) {
      const created = await C.post(P, { reference_code: uniq('PRC-'), alert_level: 'NORMAL', extra_fields: { cost_center: '4100-MRO' } });
      expect(created.status).toBe(201);
      const id = created.body.data.id as number;
      const etag = (await C.get(`${P}/${id}`)).headers.get('etag') ?? '';
      const answers = await parallel((i) => withIfMatch('PUT', `${P}/${id}`, etag, { alert_level: 'WARNING', extra_fields: { cost_center: '4100-MRO', writer: i } }));
      const winner = answers.findIndex((a) => a.status === 200);
      const after = (await C.get(`${P}/${id}`)).body.data;
      outcomes.push({
        statuses: tally(answers),
        refusalCodes: [...new Set(answers.filter((a) => a.status === 412).map((a) => a.body?.code))],
        winnersValueKept: winner >= 0 && after.extra_fields?.writer === winner,
      });
      odd.push(...unexpected(answers, 200, 412));
    }
    expectEveryRound(outcomes, { statuses: { 200: 1, 412: CLIENTS - 1 }, refusalCodes: ['PRECONDITION_FAILED'], winnersValueKept: true }, odd);
  });

  it('refuses a delete with a stale If-Match with 412 and keeps the row', async () => {
    const { id, code, etag } = await productWithTag();
    expect((await C.put(`/products/${id}`, { family: 'Industrial' })).status).toBe(200);
    const del = await withIfMatch('DELETE', `/products/${id}`, etag);
    expect(del.status).toBe(412);
    expect(del.body).toMatchObject({ code: 'PRECONDITION_FAILED' });
    const still = await C.get(`/products/${id}`);
    expect(still.status).toBe(200);
    expect(still.body.data).toMatchObject({ code, family: 'Industrial' });
  });

  it('passes If-Match: * for an existing row, on update and on delete', async () => {
    const { id, code } = await productWithTag();
    expect((await C.put(`/products/${id}`, { category: 'Gate valves' })).status).toBe(200);
    const put = await withIfMatch('PUT', `/products/${id}`, '*', { description: 'Gate valve 4"' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ data: { id, code } });
    expect((await C.get(`/products/${id}`)).body.data).toMatchObject({ description: 'Gate valve 4"', category: 'Gate valves' });
    const del = await withIfMatch('DELETE', `/products/${id}`, '*');
    expect(del.status).toBe(200);
    expect((await C.get(`/products/${id}`)).status).toBe(404);
  });

  it('updates as before when no If-Match is sent, whatever was written in between', async () => {
    const { id, code } = await productWithTag();
    const answers = [];
    for (const description of ['first', 'second', 'third']) answers.push((await C.put(`/products/${id}`, { description })).status);
    expect(answers).toEqual([200, 200, 200]);
    expect((await C.get(`/products-by-code/${code}`)).body.data.description).toBe('third');
  });
});
