// Twelve clients writing one process's ETA at once (docs/tracking.md, "ETA history"): each real
// change is exactly one history row, chained from the ETA the process had to the one it keeps.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, graphql, newCompany, uniq, type TestCompany } from '../helpers.ts';
import { CLIENTS, parallel, rounds, unexpected } from './parallel.ts';

interface Change {
  previous_eta: string | null;
  new_eta: string | null;
}

describe('ETA history under 12 parallel clients', () => {
  let company: TestCompany;
  let C: ReturnType<typeof client>;
  let P: string;

  beforeAll(async () => {
    company = await newCompany();
    C = client(company.api_key);
    P = `/operations/${company.operation.id}/processes`;
  });

  async function processWithEta(eta: string): Promise<number> {
    const res = await C.post(P, { reference_code: uniq('ETA-RACE-'), foreign_trade_shipment: { eta } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id;
  }

  /** The process's ETA and its changes, oldest first. */
  async function changesOf(processId: number): Promise<{ eta: string; changes: Change[] }> {
    const res = await graphql(
      company.api_key,
      `query ($id: Int!) {
        process(id: $id) { foreign_trade_shipment { eta } }
        etaChanges(filters: { process_ids: [$id] }, order_by: [{ field: id }], limit: 100) { data { previous_eta new_eta } }
      }`,
      { id: processId },
    );
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return { eta: res.body.data.process.foreign_trade_shipment.eta, changes: res.body.data.etaChanges.data };
  }

  const race = (processId: number, etaOf: (i: number) => string) => parallel((i) => C.put(`${P}/${processId}`, { foreign_trade_shipment: { eta: etaOf(i) } }));

  it('writes one row per real change when clients send two ETAs in turn, each row starting where the previous one ended', async () => {
    for (let round = 0; round < rounds(); round++) {
      const start = '2031-04-01T00:00:00Z';
      const processId = await processWithEta(start);
      const etas = ['2031-04-05T00:00:00Z', '2031-04-09T00:00:00Z'];
      const results = await race(processId, (i) => etas[i % 2]);
      expect(unexpected(results, 200)).toEqual([]);
      const { eta, changes } = await changesOf(processId);
      expect(changes.length).toBeGreaterThanOrEqual(1);
      expect(changes.length).toBeLessThanOrEqual(CLIENTS);
      expect(changes[0].previous_eta).toBe(start);
      for (const [i, change] of changes.entries()) {
        expect(change.new_eta).not.toBe(change.previous_eta);
        if (i > 0) expect(change.previous_eta).toBe(changes[i - 1].new_eta);
      }
      expect(changes[changes.length - 1].new_eta).toBe(eta);
    }
  });

  it('writes exactly one row when every client sends the same new ETA', async () => {
    for (let round = 0; round < rounds(); round++) {
      const processId = await processWithEta('2031-04-01T00:00:00Z');
      const results = await race(processId, () => '2031-04-20T00:00:00Z');
      expect(unexpected(results, 200)).toEqual([]);
      expect(await changesOf(processId)).toEqual({ eta: '2031-04-20T00:00:00Z', changes: [{ previous_eta: '2031-04-01T00:00:00Z', new_eta: '2031-04-20T00:00:00Z' }] });
    }
  });
});
