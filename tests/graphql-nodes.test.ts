// Global ids in GraphQL (docs/graphql.md, "Global ids"): records implement Node with an opaque
// `node_id`, `node(id:)` and `nodes(ids:)` find them whatever their type, one statement per type
// asked for, and another company's record answers exactly as a missing one. Lookups by id take
// `operation_id` only as a check.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, graphql, newCompany, uniq, type TestCompany } from './helpers.ts';

let co: TestCompany;
let C: ReturnType<typeof client>;

async function processOf(key: TestCompany) {
  const res = await client(key.api_key).post(`/operations/${key.operation.id}/processes`, {
    reference_code: uniq('PN-'),
    foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', eta: '2031-05-10T00:00:00Z' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; reference_code: string };
}

const withoutRequestId = (errors: any[]) => errors.map(({ extensions: { request_id: _r, ...extensions }, ...rest }) => ({ ...rest, extensions }));

describe('GraphQL global ids', () => {
  let product: { id: number; code: string };
  let proc: { id: number; reference_code: string };
  beforeAll(async () => {
    co = await newCompany();
    C = client(co.api_key);
    const created = await C.post('/products', { code: uniq('NP-'), description: 'Node valve' });
    expect(created.status).toBe(201);
    product = created.body.data;
    proc = await processOf(co);
  });

  it('finds records of several types by node_id, in the order asked, with the fields of each type', async () => {
    const read = await graphql(co.api_key, `query ($p: Int!, $r: Int!) { product(id: $p) { node_id } process(id: $r) { node_id reference_code } }`, { p: product.id, r: proc.id });
    expect(read.body.errors).toBeUndefined();
    const productNode = read.body.data.product.node_id as string;
    const processNode = read.body.data.process.node_id as string;
    expect(productNode).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(productNode).not.toBe(processNode);
    const res = await graphql(
      co.api_key,
      `query ($ids: [ID!]!, $one: ID!) {
        node(id: $one) { node_id ... on Process { id reference_code foreign_trade_shipment { eta } } }
        nodes(ids: $ids) { __typename node_id ... on Product { id code } ... on Process { id reference_code } }
      }`,
      { one: processNode, ids: [processNode, productNode, 'not-an-id', processNode] },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.node).toEqual({ node_id: processNode, id: proc.id, reference_code: proc.reference_code, foreign_trade_shipment: { eta: '2031-05-10T00:00:00Z' } });
    expect(res.body.data.nodes).toEqual([
      { __typename: 'Process', node_id: processNode, id: proc.id, reference_code: proc.reference_code },
      { __typename: 'Product', node_id: productNode, id: product.id, code: product.code },
      null,
      { __typename: 'Process', node_id: processNode, id: proc.id, reference_code: proc.reference_code },
    ]);
  });

  it('reads nodes in one statement per type, whatever their number', async () => {
    const nodesOf = async (n: number) => {
      const made = await Promise.all(Array.from({ length: n }, () => processOf(co)));
      const read = await graphql(co.api_key, `query ($ids: [Int!]) { processesConnection(operation_id: ${co.operation.id}, ids: $ids, first: 100) { edges { node { node_id } } } }`, {
        ids: made.map((p) => p.id),
      });
      const ids = read.body.data.processesConnection.edges.map((e: any) => e.node.node_id);
      expect(ids).toHaveLength(n);
      const res = await graphql(co.api_key, 'query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Process { reference_code foreign_trade_shipment { eta } orders { id } } } }', { ids });
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.nodes.map((p: any) => p.reference_code).sort()).toEqual(made.map((p) => p.reference_code).sort());
      return Number(res.headers.get('x-sql-statements'));
    };
    // The first run of a document reads on a snapshot, until it is known to read in one statement.
    await nodesOf(1);
    const one = await nodesOf(1);
    expect(await nodesOf(20)).toBe(one);
  });

  it("answers another company's record like a missing one, and refuses more than 100 ids", async () => {
    const other = await newCompany();
    const theirs = await processOf(other);
    const theirNode = (await graphql(other.api_key, `{ process(id: ${theirs.id}) { node_id } }`)).body.data.process.node_id;
    const missingNode = Buffer.from('Process:2147483000').toString('base64url');
    const stolen = await graphql(co.api_key, 'query ($id: ID!) { node(id: $id) { node_id } }', { id: theirNode });
    const missing = await graphql(co.api_key, 'query ($id: ID!) { node(id: $id) { node_id } }', { id: missingNode });
    expect(stolen.status).toBe(200);
    expect(stolen.body.data).toEqual({ node: null });
    expect(withoutRequestId(stolen.body.errors)).toEqual(withoutRequestId(missing.body.errors));
    expect(stolen.body.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await graphql(co.api_key, 'query ($ids: [ID!]!) { nodes(ids: $ids) { node_id } }', { ids: [theirNode] })).body.data.nodes).toEqual([null]);
    const tooMany = await graphql(co.api_key, 'query ($ids: [ID!]!) { nodes(ids: $ids) { node_id } }', { ids: Array.from({ length: 101 }, () => missingNode) });
    expect(tooMany.body.errors[0].extensions).toMatchObject({ code: 'BAD_REQUEST', fields: [{ name: 'ids', message: 'has too many items (maximum is 100)' }] });
  });

  it('looks a process or an order up, and changes it, by id without its operation; an operation sent must be the record\'s', async () => {
    const bare = await graphql(co.api_key, `{ process(id: ${proc.id}) { reference_code } }`);
    expect(bare.body).toEqual({ data: { process: { reference_code: proc.reference_code } } });
    const other = await newCompany();
    const wrong = await graphql(co.api_key, `{ process(operation_id: ${other.operation.id}, id: ${proc.id}) { reference_code } }`);
    expect(wrong.body.data.process).toBeNull();
    expect(wrong.body.errors[0].extensions.code).toBe('NOT_FOUND');
    const order = await C.post(`/operations/${co.operation.id}/orders`, { reference_code: uniq('ON-'), sales_order: { type: 'INDIRECT' } });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const read = await graphql(co.api_key, `{ order(id: ${order.body.data.id}) { reference_code } }`);
    expect(read.body.data.order.reference_code).toBe(order.body.data.reference_code);
    // Mutations by id too: the operation is found, or checked when sent.
    const finished = await graphql(co.api_key, `mutation { finishOrder(id: ${order.body.data.id}) { order { finished_at } userErrors { code } } }`);
    expect(finished.body.data.finishOrder).toEqual({ order: { finished_at: expect.any(String) }, userErrors: [] });
    const updated = await graphql(co.api_key, `mutation { updateProcess(id: ${proc.id}, params: { alert_level: DANGER }) { process { alert_level } userErrors { code } } }`);
    expect(updated.body.data.updateProcess).toEqual({ process: { alert_level: 'DANGER' }, userErrors: [] });
    const elsewhere = await graphql(co.api_key, `mutation { updateProcess(operation_id: ${other.operation.id}, id: ${proc.id}, params: { alert_level: NORMAL }) { process { id } userErrors { code } } }`);
    expect(elsewhere.body.data.updateProcess).toEqual({ process: null, userErrors: [{ code: 'NOT_FOUND' }] });
    const theirs = await graphql(other.api_key, `mutation { updateProcess(id: ${proc.id}, params: { alert_level: NORMAL }) { process { id } userErrors { code } } }`);
    expect(theirs.body.data.updateProcess).toEqual({ process: null, userErrors: [{ code: 'NOT_FOUND' }] });
    expect((await graphql(co.api_key, `{ process(id: ${proc.id}) { alert_level } }`)).body.data.process.alert_level).toBe('DANGER');
    // By reference code the operation stays required: a code is unique within its operation.
    const byCode = await graphql(co.api_key, `{ processByReferenceCode(reference_code: "${proc.reference_code}") { id } }`);
    expect(byCode.status).toBe(400);
  });
});
