import { describe, it } from 'vitest';
import { graphql, newCompany, uniq } from '../helpers.ts';
import { CLIENTS, expectEveryRound, parallel, rounds } from './parallel.ts';

// The bound of registered documents per company (docs/graphql.md, Trusted documents) holds when
// registrations race: a company's registrations run one after the other.
const BOUND = 1_000;
const register = (key: string, documents: string[]) =>
  graphql(key, 'mutation($d: [String!]!) { registerDocuments(documents: $d) { persistedDocuments { hash } userErrors { field message } } }', { d: documents });
const documents = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `query Q${tag}_${i} { company { name } }`);

describe('registered documents under 12 parallel clients', () => {
  it(`registers exactly the ${BOUND - 990} documents left under the bound when 12 clients register 5 each at once`, async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(3, 1); round++) {
      const { api_key: key } = await newCompany();
      for (let batch = 0; batch < 10; batch++) await register(key, documents(`fill${batch}`, batch < 9 ? 100 : 90));
      const answers = await parallel((w) => register(key, documents(`${uniq('w')}_${w}`, 5)));
      const written = answers.filter((a) => a.body.data?.registerDocuments?.userErrors?.length === 0).length;
      const refused = answers.filter((a) => a.body.data?.registerDocuments?.userErrors?.[0]?.message === `has too many items (maximum is ${BOUND})`).length;
      odd.push(...answers.filter((a) => a.status !== 200 || a.body.errors).map((a) => `${a.status} ${JSON.stringify(a.body)}`));
      const oneMore = await register(key, documents(uniq('late'), 1));
      outcomes.push({ written, refused, fullAfterwards: oneMore.body.data.registerDocuments.userErrors.length === 1 });
    }
    expectEveryRound(outcomes, { written: 2, refused: CLIENTS - 2, fullAfterwards: true }, odd);
  });
});
