// Twelve clients shipping from the same order lines while others delete and cancel processes
// that ship from them: the shipped quantity the write path keeps on each line (docs/orders.md,
// balance) ends equal to the sum of the items of the live processes, and no line is over-shipped.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, newCompany, uniq } from '../helpers.ts';
import { shippedOfOrder } from '../shipped-lines.ts';
import { CLIENTS, expectEveryRound, parallel, rounds, unexpected } from './parallel.ts';

describe('shipped quantity of order lines under 12 parallel clients', () => {
  let C: ReturnType<typeof client>;
  let op: number;
  let product: string;

  beforeAll(async () => {
    const c = await newCompany();
    C = client(c.api_key);
    op = c.operation.id;
    product = uniq('PRD-');
    expect((await C.post('/products', { code: product, description: 'Valve' })).status).toBe(201);
  });

  it('keeps every line equal to what its live processes ship while processes ship, change, get deleted and canceled at once', async () => {
    const outcomes = [];
    const odd: string[] = [];
    const processes = `/operations/${op}/processes`;
    for (let round = 0; round < rounds(8, 1); round++) {
      const order = await C.post(`/operations/${op}/orders`, {
        reference_code: uniq('ORR-'),
        purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: product, quantity: '12' }, { line_reference: '20', product_code: product, quantity: '8' }] },
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      const orderId: number = order.body.data.id;
      const ship = (q10: string, q20: string) => ({ type: 'MARITIME_TRANSPORT', items: [{ line_reference: '10', quantity: q10 }, { line_reference: '20', quantity: q20 }] });
      // Eight processes already ship 8 of line 10 and 4 of line 20.
      const made: number[] = [];
      for (let i = 0; i < 8; i++) {
        const p = await C.post(processes, { reference_code: uniq('PRR-'), order_ids: [orderId], foreign_trade_shipment: ship('1', '0.5') });
        expect(p.status, JSON.stringify(p.body)).toBe(201);
        made.push(p.body.data.id);
      }
      // At once, interleaved so that every kind is among the first requests a company runs at once (docs/limits.md,
      // "Requests at work at once"): four ship more from new processes (the lines' quantities let some of them
      // through, depending on who goes first), two change what theirs ship, three delete and three cancel theirs.
      const stored = [...made];
      const kinds = ['ship', 'delete', 'cancel', 'ship', 'delete', 'cancel', 'change', 'ship', 'delete', 'cancel', 'change', 'ship'] as const;
      const answers = await parallel(async (i) => {
        const kind = kinds[i];
        const own = stored[kinds.slice(0, i).filter((k) => k !== 'ship').length];
        if (kind === 'ship') {
          const res = await C.post(processes, { reference_code: uniq('PRR-'), order_ids: [orderId], foreign_trade_shipment: ship('1.5', '1.25') });
          if (res.status === 201) made.push(res.body.data.id);
          return res;
        }
        if (kind === 'change') return C.put(`${processes}/${own}`, { foreign_trade_shipment: { items: [{ line_reference: '10', quantity: '2.5' }, { line_reference: '20', quantity: '2' }] } });
        if (kind === 'delete') return C.del(`${processes}/${own}`);
        return C.put(`${processes}/${own}/cancel`);
      }, CLIENTS);
      odd.push(...unexpected(answers, 200, 201, 422));
      const lines = await shippedOfOrder(C, op, orderId, made);
      outcomes.push({
        kept: lines.every((l) => l.balance_shipped === l.recomputed),
        notOverShipped: lines.every((l) => Number(l.balance_shipped) <= Number(l.quantity) && Number(l.balance) >= 0),
        ...(lines.every((l) => l.balance_shipped === l.recomputed) ? {} : { lines }),
      });
    }
    expectEveryRound(outcomes, { kept: true, notOverShipped: true }, odd);
    expect(odd).toEqual([]);
  });

  it('ends at what the processes left ship when twelve clients delete and cancel processes shipping the same lines at once', async () => {
    const outcomes = [];
    const odd: string[] = [];
    const processes = `/operations/${op}/processes`;
    for (let round = 0; round < rounds(8, 1); round++) {
      const order = await C.post(`/operations/${op}/orders`, {
        reference_code: uniq('ORR-'),
        purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: product, quantity: '20' }] },
      });
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      const orderId: number = order.body.data.id;
      const made: number[] = [];
      for (let i = 0; i < CLIENTS + 2; i++) {
        const p = await C.post(processes, { reference_code: uniq('PRR-'), order_ids: [orderId], foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', items: [{ line_reference: '10', quantity: '1.25' }] } });
        expect(p.status, JSON.stringify(p.body)).toBe(201);
        made.push(p.body.data.id);
      }
      // Half delete theirs, half cancel theirs; the last two processes stay.
      const answers = await parallel((i) => (i % 2 ? C.del(`${processes}/${made[i]}`) : C.put(`${processes}/${made[i]}/cancel`)));
      odd.push(...unexpected(answers, 200));
      const [line] = await shippedOfOrder(C, op, orderId, made);
      outcomes.push({ shipped: line.balance_shipped, recomputed: line.recomputed });
    }
    expectEveryRound(outcomes, { shipped: '2.50', recomputed: '2.50' }, odd);
  });
});
