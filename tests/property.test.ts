// A slice of the contract property (tests/property/run.ts) on every run of the tests; the bench
// (scripts/fuzz.ts) runs it over 10,000 requests and more.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, newCompany, uniq } from './helpers.ts';
import { Contract } from './property/contract.ts';
import { runContractProperty, type Target } from './property/run.ts';

describe('the published contract under generated requests', () => {
  let contract: Contract;
  let target: Target;

  beforeAll(async () => {
    contract = await Contract.load(baseUrl());
    const co = await newCompany();
    const code = uniq('PRD-');
    const product = await client(co.api_key).post('/products', { code, description: 'fixture' });
    target = { baseUrl: baseUrl(), apiKey: co.api_key, operationId: co.operation.id, productId: product.body.data.id, productCode: code };
  });

  it('never answers 5xx, answers only documented statuses, and every JSON answer matches its documented schema', async () => {
    const seed = Date.now() % 2 ** 31;
    const result = await runContractProperty(contract, target, { requests: 400, seed, concurrency: 2 });
    expect(result.requests).toBe(400);
    expect(result.failures, `seed ${seed}; statuses ${JSON.stringify(result.byStatus)}`).toEqual([]);
  }, 240_000);
});
