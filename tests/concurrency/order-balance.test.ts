// Twelve processes shipping the same order line at once never ship more than its quantity
// (docs/processes/foreign_trade_shipment.md, Shipment items and order lines).
import { beforeAll, describe, expect, it } from 'vitest';
import { client, newCompany, uniq } from '../helpers.ts';
import { CLIENTS, expectEveryRound, parallel, refusals, rounds, tally, unexpected } from './parallel.ts';

describe('order balances under 12 parallel clients', () => {
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

  /** A new order with line 10 of `quantity` units; answers its id. */
  const orderOf = async (quantity: string): Promise<number> => {
    const order = await C.post(`/operations/${op}/orders`, {
      reference_code: uniq('ORC-'),
      purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: product, quantity }] },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    return order.body.data.id;
  };

  it('ships a line of 10 units from twelve new processes of one unit each: ten succeed, two get 422, the balance ends at 0', async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(6, 1); round++) {
      const orderId = await orderOf('10');
      const answers = await parallel(() =>
        C.post(`/operations/${op}/processes`, {
          reference_code: uniq('PRC-'),
          order_ids: [orderId],
          foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', items: [{ line_reference: '10', quantity: '1' }] },
        }),
      );
      const line = (await C.get(`/operations/${op}/orders/${orderId}`)).body.data.purchase_order.items[0];
      outcomes.push({ statuses: tally(answers), refusals: refusals(answers), balance: line.balance });
      odd.push(...unexpected(answers, 201, 422));
    }
    expectEveryRound(outcomes, { statuses: { 201: 10, 422: CLIENTS - 10 }, refusals: ['UNPROCESSABLE_ENTITY foreign_trade_shipment.items.0.quantity'], balance: '0' }, odd);
  });

  it('never lets a line fall below what is shipped while six clients ship more of it and six lower it to what is shipped, at once', async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(6, 1); round++) {
      const id = await orderOf('12');
      // Six units already shipped, and six processes linked to the order with nothing on them yet:
      // shipping is then a change of their items alone.
      const linked = async (quantity?: string) => {
        const items = quantity ? [{ line_reference: '10', quantity }] : undefined;
        const p = await C.post(`/operations/${op}/processes`, { reference_code: uniq('PRC-'), order_ids: [id], foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', items } });
        expect(p.status, JSON.stringify(p.body)).toBe(201);
        return p.body.data.id as number;
      };
      for (let i = 0; i < 3; i++) await linked('2');
      const processes: number[] = [];
      for (let i = 0; i < CLIENTS / 2; i++) processes.push(await linked());
      // Half lower the line to what is shipped, half ship one more unit.
      const answers = await parallel((i) =>
        i % 2
          ? C.put(`/operations/${op}/orders/${id}`, { purchase_order: { type: 'DIRECT', items: [{ line_reference: '10', product_code: product, quantity: '6' }] } })
          : C.put(`/operations/${op}/processes/${processes[i / 2]}`, { foreign_trade_shipment: { items: [{ line_reference: '10', quantity: '1' }] } }),
      );
      const line = (await C.get(`/operations/${op}/orders/${id}`)).body.data.purchase_order.items[0];
      // Whichever writes won, the line holds at least what is shipped.
      outcomes.push({ balanceNotNegative: Number(line.balance) >= 0, shippedFits: Number(line.balance_shipped) <= Number(line.quantity) });
      odd.push(...unexpected(answers, 200, 201, 422));
    }
    expectEveryRound(outcomes, { balanceNotNegative: true, shippedFits: true }, odd);
  });
});
