import { beforeAll, describe, it } from 'vitest';
import { client, newCompany, uniq } from '../helpers.ts';
import { CLIENTS, countOf, expectEveryRound, parallel, rounds, shuffled, tally, unexpected } from './parallel.ts';

describe('products under 12 parallel clients', () => {
  let C: ReturnType<typeof client>;
  beforeAll(async () => {
    C = client((await newCompany()).api_key);
  });

  /** A catalogue line as an ERP export sends it; `writer` marks who sent the description. */
  const product = (code: string, writer: number) => ({
    code,
    description: `Stainless steel valve ${code} (writer ${writer})`,
    category: 'Valves',
    manufacturer: 'Acme',
    mercosul_code: '84818099',
    package_type: 'BOXES',
    package_capacity: '12.5000',
    net_weight_per_package: '18.5000',
    internal_codes: [{ code: `ERP-${code}`, label: 'ERP' }],
  });

  it('keeps exactly 30 products, one per code, when 12 clients batch-upsert the same 30 codes in shuffled orders', async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(4, 2); round++) {
      const prefix = uniq('BATCH-');
      const codes = Array.from({ length: 30 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);
      const sent = new Set(Array.from({ length: CLIENTS }, (_, w) => codes.map((code) => product(code, w).description)).flat());
      const answers = await parallel((w) => C.put('/products', shuffled(codes).map((code) => product(code, w))));
      const list = await C.get('/products', `search=${prefix}&limit=100`);
      const listed: { code: string; description: string; internal_codes: unknown[] }[] = list.body.data ?? [];
      const ids = new Set(answers.filter((a) => a.status === 201).flatMap((a) => a.body.data.map((p: { id: number }) => p.id)));
      outcomes.push({
        statuses: tally(answers),
        listed: list.body.total_count,
        distinctCodes: new Set(listed.map((p) => p.code)).size,
        distinctIdsAnswered: ids.size,
        descriptionsFromAWriter: listed.every((p) => sent.has(p.description)),
        internalCodesPerProduct: countOf(listed.map((p) => p.internal_codes.length)),
      });
      odd.push(...unexpected(answers, 201));
    }
    expectEveryRound(
      outcomes,
      { statuses: { 201: CLIENTS }, listed: 30, distinctCodes: 30, distinctIdsAnswered: 30, descriptionsFromAWriter: true, internalCodesPerProduct: { 1: 30 } },
      odd,
    );
    // A round whose writers deadlock waits on the database's detection each time: room for that.
  }, 240_000);
});
