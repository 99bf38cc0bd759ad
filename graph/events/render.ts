// Event payloads carry the resource as its GET route answers it: the same GraphQL selection
// (graph/schema-helpers/selection.ts, shared with rest/routes/*), executed right after the writing
// transaction commits, in the relay's transaction (relay.ts says why that is the committed state). Resources are
// read by list (`ids`), a page of 100 per statement, so a batch costs the same number of
// statements whatever its size. The document's text depends only on the kinds read, so it is
// parsed and compiled once.
import { parse, type GraphQLSchema } from 'graphql';
import type { Context } from '../context.ts';
import { runnerOf as executorRunnerOf, type Run } from '../executor.ts';
import { PAGE } from '../schema-helpers/pagination/bounds.ts';
import { selectAll, withFragments } from '../schema-helpers/selection.ts';
import type { Resource } from './catalogue.ts';

/** A resource of one company. */
export type OwnedResource = Resource & { company_id: number };

/** The key a rendered resource is found by. */
export function resourceKey(r: OwnedResource): string {
  return `${r.company_id}:${r.kind}:${r.id}`;
}

/** The list field that reads group `i` (its kind and operation, `$ids<i>`), with the GET route's selection. */
function listOf(schema: GraphQLSchema, r: OwnedResource, i: number): string {
  const page = `ids: $ids${i}, limit: ${PAGE.maxLimit}`;
  switch (r.kind) {
    case 'order':
      return `orders(operation_id: $op${i}, ${page}) { data { ${selectAll(schema, 'Order')} } }`;
    case 'process':
      return `processes(operation_id: $op${i}, ${page}) { data { ${selectAll(schema, 'Process')} } }`;
    case 'product':
      return `products(${page}) { data { ${selectAll(schema, 'Product')} } }`;
  }
}

/** The variables group `i`'s list field takes. */
function variablesOf(r: OwnedResource, i: number): string {
  return `$ids${i}: [Int!]!${r.kind === 'product' ? '' : `, $op${i}: Int!`}`;
}

/** Runs a document as the GET routes do, by the chosen executor (graph/executor.ts), parsed and readied once per text. */
const runs = new Map<string, Run>();
function runnerOf(schema: GraphQLSchema, text: string): Run {
  let run = runs.get(text);
  if (!run) {
    run = executorRunnerOf(schema, parse(text));
    // A document is one shape of batch (the kinds of resources it reads): a handful in all.
    if (runs.size < 200) runs.set(text, run);
  }
  return run;
}

/** Resources grouped as one list reads them: company, kind and operation, at most a page each. */
function groups(resources: OwnedResource[]): OwnedResource[][] {
  const byGroup = new Map<string, OwnedResource[]>();
  for (const r of resources) {
    const key = `${r.company_id}:${r.kind}:${'operation_id' in r ? r.operation_id : ''}`;
    byGroup.set(key, [...(byGroup.get(key) ?? []), r]);
  }
  return [...byGroup.values()].flatMap((list) => Array.from({ length: Math.ceil(list.length / PAGE.maxLimit) }, (_, i) => list.slice(i * PAGE.maxLimit, (i + 1) * PAGE.maxLimit)));
}

/** Renders resources as their GET routes answer them; answers them by `resourceKey`. */
export type Renderer = (resources: OwnedResource[]) => Promise<Map<string, unknown>>;

/**
 * The renderer over the domain schema, which the process's composition root (graph/wiring.ts)
 * hands the relay: in the open unit of work, each resource once, one GraphQL execution per
 * company, one list field per group.
 */
export const renderer = (schema: GraphQLSchema): Renderer => (resources) => renderResources(schema, resources);

async function renderResources(schema: GraphQLSchema, resources: OwnedResource[]): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const unique = [...new Map(resources.map((r) => [resourceKey(r), r])).values()];
  if (!unique.length) return out;
  const byCompany = new Map<number, OwnedResource[][]>();
  for (const group of groups(unique)) byCompany.set(group[0].company_id, [...(byCompany.get(group[0].company_id) ?? []), group]);
  for (const [companyId, list] of byCompany) {
    const fields = list.map((group, i) => `g${i}: ${listOf(schema, group[0], i)}`);
    const text = withFragments(schema, `query EventPayloads(${list.map((group, i) => variablesOf(group[0], i)).join(', ')}) { ${fields.join('\n')} }`);
    const variables = Object.fromEntries(list.flatMap((group, i) => [[`ids${i}`, group.map((r) => r.id)], ...('operation_id' in group[0] ? [[`op${i}`, group[0].operation_id]] : [])]));
    const context: Context = { company: { id: companyId, name: '' }, locale: 'en-US', requestId: 'events' };
    const result = await runnerOf(schema, text)(context, variables);
    if (result.errors?.length) throw result.errors[0];
    list.forEach((group, i) => {
      const rows = ((result.data as Record<string, { data: { id: number }[] }>)[`g${i}`]).data;
      for (const row of rows) out.set(resourceKey({ ...group[0], id: row.id }), row);
    });
  }
  return out;
}
