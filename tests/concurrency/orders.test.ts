import { beforeAll, describe, expect, it } from 'vitest';
import { client, newCompany, uniq, type ApiResult } from '../helpers.ts';
import { CLIENTS, countOf, expectEveryRound, parallel, rounds, shuffled, tally, unexpected, expectOneCancelThenOneUncancel, expectOneFinish } from './parallel.ts';

type Client = ReturnType<typeof client>;

describe('orders under 12 parallel clients', () => {
  let C: Client;
  let O: string;
  const products: string[] = [];

  beforeAll(async () => {
    const c = await newCompany();
    C = client(c.api_key);
    O = `/operations/${c.operation.id}/orders`;
    for (const description of ['Ball valve 2"', 'Gate valve 4"', 'Check valve 1"']) {
      const code = uniq('PRD-');
      expect((await C.post('/products', { code, description, category: 'Valves', manufacturer: 'Acme' })).status).toBe(201);
      products.push(code);
    }
  });

  /** Purchase order lines 10, 20 and 30 under a prefix of the writer's own. */
  const lines = (prefix: string) =>
    [10, 20, 30].map((n, i) => ({ line_reference: `${prefix}${n}`, product_code: products[i], quantity: `${(n * 12.5).toFixed(4)}`, order_unit_value: '35.5000', order_currency_code: 'USD' }));

  /** A direct purchase order as sent on create and in batches. */
  const purchase = (reference_code: string, extra: Record<string, unknown> = {}) => ({
    reference_code,
    observations: 'Quarterly replenishment',
    purchase_order: { type: 'DIRECT', necessity_date: '2025-06-01T00:00:00Z', items: lines('') },
    ...extra,
  });

  async function order() {
    const res = await C.post(O, purchase(uniq('ORC-')));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  }

  /** The reference code set each writer's lines carry, e.g. "W3-10,W3-20,W3-30". */
  const lineSet = (items: { line_reference: string }[]) => items.map((i) => i.line_reference).sort().join(',');
  const writerSets = new Set(Array.from({ length: CLIENTS }, (_, i) => lineSet(lines(`W${i}-`))));
  const replaceItems = (id: number) => parallel((i) => C.put(`${O}/${id}`, { purchase_order: { type: 'DIRECT', items: lines(`W${i}-`) } }));

  // A POST with the reference code of a live order updates it (docs/decisions/010-write-path.md),
  // so twelve creates racing for one new code all succeed on one order.
  it('creates one order when 12 clients post the same new reference code: twelve 201 with the same id', async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(6, 2); round++) {
      const code = uniq('ORC-');
      const answers = await parallel(() => C.post(O, purchase(code)));
      const list = await C.get(O, `filters[reference_codes][]=${code}`);
      const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.data.id));
      outcomes.push({ statuses: tally(answers), distinctIds: ids.size, listed: list.body.total_count, listedId: ids.has(list.body.data[0]?.id) });
      odd.push(...unexpected(answers, 201));
    }
    expectEveryRound(outcomes, { statuses: { 201: CLIENTS }, distinctIds: 1, listed: 1, listedId: true }, odd);
  });

  it('answers the same id to 12 clients upserting the same new reference code, and lists one order with its three items', async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(6, 2); round++) {
      const code = uniq('ORC-');
      const answers = await parallel((i) => C.put(O, [purchase(code, { observations: `writer ${i}` })]));
      const list = await C.get(O, `filters[reference_codes][]=${code}`);
      const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data[0].id));
      outcomes.push({
        statuses: tally(answers),
        distinctIds: ids.size,
        listed: list.body.total_count,
        listedId: ids.has(list.body.data[0]?.id),
        items: list.body.data[0]?.purchase_order.items.length,
      });
      odd.push(...unexpected(answers, 200));
    }
    expectEveryRound(outcomes, { statuses: { 200: CLIENTS }, distinctIds: 1, listed: 1, listedId: true, items: 3 }, odd);
  });

  it('finishes an order once when 12 clients finish it: one 200, eleven 422 on status', () => expectOneFinish(C, order, O));

  it('cancels an active order once and uncancels it once when 12 clients do each: one 200, eleven 422 on status', () =>
    expectOneCancelThenOneUncancel(C, order, O));

  it("keeps exactly one writer's three lines when 12 clients each replace the purchase order items", async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(8, 2); round++) {
      const id = await order();
      const answers = await replaceItems(id);
      const got = await C.get(`${O}/${id}`);
      const items = got.body.data.purchase_order.items;
      outcomes.push({ statuses: tally(answers), read: got.status, items: items.length, oneWritersLines: writerSets.has(lineSet(items)) });
      odd.push(...unexpected(answers, 200));
    }
    expectEveryRound(outcomes, { statuses: { 200: CLIENTS }, read: 200, items: 3, oneWritersLines: true }, odd);
  });

  it("never fails a read and always shows one writer's three lines while 12 writers replace the items", async () => {
    const id = await order();
    const writes: ApiResult[] = [];
    let writing = true;
    const writers = (async () => {
      try {
        for (let round = 0; round < rounds(6, 2); round++) writes.push(...(await replaceItems(id)));
      } finally {
        writing = false;
      }
    })();
    // What a read shows: one writer's lines, the lines it was created with, or anything else.
    const readStatuses: number[] = [];
    const itemsSeen: number[] = [];
    const shapes: Record<string, number> = {};
    const seen = (items: { line_reference: string }[]) => {
      itemsSeen.push(items.length);
      const set = lineSet(items);
      const shape = writerSets.has(set) ? "one writer's lines" : set === lineSet(lines('')) ? 'the lines created' : 'a mix';
      shapes[shape] = (shapes[shape] ?? 0) + 1;
    };
    const reader = async () => {
      do {
        const [one, list] = await Promise.all([C.get(`${O}/${id}`), C.get(O, 'limit=100')]);
        readStatuses.push(one.status, list.status);
        if (one.status === 200) seen(one.body.data.purchase_order.items);
        const listed = list.status === 200 ? list.body.data.find((o: any) => o.id === id) : undefined;
        if (listed) seen(listed.purchase_order.items);
      } while (writing);
    };
    await Promise.all([writers, reader(), reader(), reader()]);
    const reads = readStatuses.length;
    const mixed = shapes['a mix'] ?? 0;
    expectEveryRound(
      [{ writes: tally(writes), reads: countOf(readStatuses), itemsSeen: countOf(itemsSeen), mixed }],
      { writes: { 200: writes.length }, reads: { 200: reads }, itemsSeen: { 3: reads }, mixed: 0 },
      unexpected(writes, 200),
    );
  });

  it('keeps exactly 20 orders when 12 clients upsert the same 20 reference codes in shuffled orders', async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(4, 1); round++) {
      const codes = Array.from({ length: 20 }, (_, i) => `${uniq('ORC-')}-${String(i + 1).padStart(2, '0')}`);
      const answers = await parallel((w) => C.put(O, shuffled(codes).map((code) => purchase(code, { observations: `writer ${w}` }))));
      const list = await C.get(O, `limit=100&${codes.map((c) => `filters[reference_codes][]=${c}`).join('&')}`);
      const ids = new Set(answers.filter((a) => a.status === 200).flatMap((a) => a.body.data.map((o: { id: number }) => o.id)));
      const listed: any[] = list.body.data ?? [];
      outcomes.push({
        statuses: tally(answers),
        listed: list.body.total_count,
        distinctCodes: new Set(listed.map((o) => o.reference_code)).size,
        distinctIdsAnswered: ids.size,
        itemsPerOrder: countOf(listed.map((o) => o.purchase_order.items.length)),
      });
      odd.push(...unexpected(answers, 200));
    }
    expectEveryRound(outcomes, { statuses: { 200: CLIENTS }, listed: 20, distinctCodes: 20, distinctIdsAnswered: 20, itemsPerOrder: { 3: 20 } }, odd);
    // A round whose writers deadlock waits on the database's detection each time: room for that.
  }, 240_000);
});
