// A batch's new shipment rows are written by set, one statement per table and shape of row, and
// each row's id is paired with the entry that sent it (graph/database/set-rows.ts,
// insertRowsInOrder; docs/decisions/010-write-path.md, "Writes by set"). Entries of two shapes
// interleaved in one batch (a container with a free-time start and one without) go to two
// statements; every child read back must be the one its own process sent, never a neighbour's.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, newCompany, uniq, type TestCompany } from './helpers.ts';

type Json = any;

describe('a batch of shipment trees written by set', () => {
  let c: TestCompany;
  beforeAll(async () => {
    c = await newCompany();
  });

  it('keeps every new child under the entry that sent it, across shapes interleaved in one batch', async () => {
    const tag = uniq('PAIR-');
    const containerCode = (i: number, k: number) => `PAIU${String(i * 2 + k).padStart(7, '0')}`;
    const params = Array.from({ length: 30 }, (_, i) => ({
      reference_code: `${tag}-${i}`,
      foreign_trade_shipment: {
        type: 'MARITIME_TRANSPORT',
        maritime_transport_shipment: { type: 'FCL', bl: `${tag}-BL-${i}` },
        transportables: [
          ...[0, 1].map((k) => ({
            type: 'CONTAINER',
            container: {
              code: containerCode(i, k),
              type: 'DRY',
              // Every third process's containers carry one more column: a second shape.
              ...(i % 3 === 0 ? { demurrage_free_time_start_at: `2025-05-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00Z` } : {}),
            },
          })),
          // Every other process has loose cargo too: transportables of two types at one level.
          ...(i % 2 ? [{ type: 'CARGO', cargo: { quantity: `${i}`, measurement_unit: 'PALLETS' } }] : []),
        ],
      },
    }));
    const api = client(c.api_key);
    const written = await api.put(`/operations/${c.operation.id}/processes`, params);
    expect(written.status, JSON.stringify(written.body).slice(0, 300)).toBe(200);

    const read = await api.get(`/operations/${c.operation.id}/processes?limit=100`);
    expect(read.status).toBe(200);
    const byReference = new Map<string, Json>(read.body.data.map((p: Json) => [p.reference_code, p]));
    expect(byReference.size).toBe(30);
    params.forEach((sent, i) => {
      const shipment = byReference.get(sent.reference_code).foreign_trade_shipment;
      expect(shipment.maritime_transport_shipment.bl).toBe(`${tag}-BL-${i}`);
      expect(shipment.transportables.filter((t: Json) => t.cargo).map((t: Json) => Number(t.cargo.quantity))).toEqual(i % 2 ? [i] : []);
      const containers = shipment.transportables.filter((t: Json) => t.container).map((t: Json) => [t.container.code, t.container.demurrage_free_time_start_at]);
      expect(containers.sort()).toEqual([0, 1].map((k) => [containerCode(i, k), i % 3 === 0 ? (sent.foreign_trade_shipment.transportables[k] as Json).container.demurrage_free_time_start_at : null]).sort());
    });
  });
});
