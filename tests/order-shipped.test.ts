// The shipped quantity of every order line is kept by the writes that change it (docs/orders.md,
// balance): after each of a mix of shipment writes, lifecycle changes, batches and order
// updates, every line's `balance_shipped` equals the sum of the items of the live processes
// that ship it, recomputed from those processes, and `balance` is the quantity less that.
import { beforeAll, describe, expect, it } from 'vitest';
import { subDecimal } from '../graph/decimal.ts';
import { client, newCompany, uniq } from './helpers.ts';
import { shippedOfOrder } from './shipped-lines.ts';

describe('shipped quantity of order lines', () => {
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

  const line = (line_reference: string, quantity: string) => ({ line_reference, product_code: product, quantity });
  const items = (...list: [string, string][]) => list.map(([line_reference, quantity]) => ({ line_reference, quantity }));

  it('matches the items of live processes after every kind of write that ships, releases or brings back a line', async () => {
    const orders = `/operations/${op}/orders`;
    const processes = `/operations/${op}/processes`;
    const reference_code = uniq('ORS-');
    const order = await C.post(orders, { reference_code, purchase_order: { type: 'DIRECT', items: [line('10', '100.00'), line('20', '50'), line('30', '7.5'), line('40', '3')] } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const orderId: number = order.body.data.id;
    const made: number[] = [];
    const kept = async (step: string) => {
      const lines = await shippedOfOrder(C, op, orderId, made);
      for (const l of lines) {
        expect(l.balance_shipped, `${step}: line ${l.line_reference} shipped`).toBe(l.recomputed);
        expect(l.balance, `${step}: line ${l.line_reference} balance`).toBe(subDecimal(l.quantity, l.balance_shipped));
      }
      return Object.fromEntries(lines.map((l) => [l.line_reference, l.balance_shipped]));
    };
    const create = async (shipped: [string, string][]) => {
      const p = await C.post(processes, { reference_code: uniq('PRS-'), order_ids: [orderId], foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', items: items(...shipped) } });
      expect(p.status, JSON.stringify(p.body)).toBe(201);
      made.push(p.body.data.id);
      return p.body.data.id as number;
    };
    const ok = async (res: Promise<{ status: number; body: unknown }>, status = 200) => {
      const r = await res;
      expect(r.status, JSON.stringify(r.body)).toBe(status);
    };

    expect(await kept('nothing shipped')).toEqual({ 10: '0.00', 20: '0', 30: '0.0', 40: '0' });
    const p1 = await create([['10', '1.5'], ['20', '2.005']]);
    const p2 = await create([['10', '3'], ['30', '2.5']]);
    const p3 = await create([['20', '4']]);
    expect(await kept('created')).toEqual({ 10: '4.50', 20: '6.005', 30: '2.5', 40: '0' });

    // Items changed by id, one left out (it releases line 20), one added.
    const stored = (await C.get(`${processes}/${p1}`)).body.data.foreign_trade_shipment.items;
    await ok(C.put(`${processes}/${p1}`, { foreign_trade_shipment: { items: [{ id: stored[0].id, quantity: '2.25' }, ...items(['40', '1'])] } }));
    expect(await kept('items changed')).toEqual({ 10: '5.25', 20: '4', 30: '2.5', 40: '1' });

    // The shipment dropped: its items ship nothing any more.
    await ok(C.put(`${processes}/${p2}`, { foreign_trade_shipment: null }));
    expect(await kept('shipment dropped')).toEqual({ 10: '2.25', 20: '4', 30: '0.0', 40: '1' });

    // Canceled, deleted, brought back.
    await ok(C.put(`${processes}/${p3}/cancel`));
    expect(await kept('canceled')).toEqual({ 10: '2.25', 20: '0', 30: '0.0', 40: '1' });
    const p4 = await create([['40', '2']]);
    await ok(C.del(`${processes}/${p4}`));
    expect(await kept('deleted')).toEqual({ 10: '2.25', 20: '0', 30: '0.0', 40: '1' });
    await ok(C.put(`${processes}/${p3}/uncancel`));
    expect(await kept('brought back')).toEqual({ 10: '2.25', 20: '4', 30: '0.0', 40: '1' });

    // A batch: one process changed, one created; then one refused as a whole (line 40 over-shipped).
    const p1Code = (await C.get(`${processes}/${p1}`)).body.data.reference_code;
    const p5Code = uniq('PRS-');
    const batch = await C.put(processes, [
      { reference_code: p1Code, foreign_trade_shipment: { items: items(['10', '1']) } },
      { reference_code: p5Code, order_ids: [orderId], foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', items: items(['30', '7.5'], ['40', '2']) } },
    ]);
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    made.push(batch.body.data[1].id);
    expect(await kept('batch')).toEqual({ 10: '1.00', 20: '4', 30: '7.5', 40: '2' });
    const refused = await C.put(processes, [
      { reference_code: p1Code, foreign_trade_shipment: { items: items(['10', '50']) } },
      { reference_code: uniq('PRS-'), order_ids: [orderId], foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', items: items(['40', '2']) } },
    ]);
    expect(refused.status).toBe(422);
    expect(await kept('batch refused')).toEqual({ 10: '1.00', 20: '4', 30: '7.5', 40: '2' });

    // The order's lines changed: quantities lowered to what ships, a line shipped by deleted processes only removed.
    await ok(C.del(`${processes}/${batch.body.data[1].id}`));
    await ok(C.put(`${orders}/${orderId}`, { purchase_order: { type: 'DIRECT', items: [line('10', '1.000'), line('20', '4'), line('30', '7.5')] } }));
    expect(await kept('order updated')).toEqual({ 10: '1.000', 20: '4', 30: '0.0' });
    const lowered = await C.put(`${orders}/${orderId}`, { purchase_order: { type: 'DIRECT', items: [line('10', '0.5'), line('20', '4'), line('30', '7.5')] } });
    expect(lowered.status).toBe(422);
    expect(await kept('order refused')).toEqual({ 10: '1.000', 20: '4', 30: '0.0' });
  });

  it('keeps the shipped quantity of sales order lines too', async () => {
    const order = await C.post(`/operations/${op}/orders`, { reference_code: uniq('ORS-'), sales_order: { type: 'DIRECT', items: [line('10', '9')] } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const shipped = async () => (await C.get(`/operations/${op}/orders/${order.body.data.id}`)).body.data.sales_order.items[0];
    const lineId: number = (await shipped()).id;
    const p = await C.post(`/operations/${op}/processes`, {
      reference_code: uniq('PRS-'),
      order_ids: [order.body.data.id],
      foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', items: [{ sales_order_item_id: lineId, quantity: '4.5' }] },
    });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    expect(await shipped()).toMatchObject({ balance_shipped: '4.5', balance: '4.5' });
    expect((await C.put(`/operations/${op}/processes/${p.body.data.id}/cancel`)).status).toBe(200);
    expect(await shipped()).toMatchObject({ balance_shipped: '0', balance: '9' });
    expect((await C.put(`/operations/${op}/processes/${p.body.data.id}/uncancel`)).status).toBe(200);
    expect((await C.del(`/operations/${op}/processes/${p.body.data.id}`)).status).toBe(200);
    expect(await shipped()).toMatchObject({ balance_shipped: '0', balance: '9' });
  });
});
