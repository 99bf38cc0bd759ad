// The REST routes' GraphQL documents (rest/operations.graphql), and what the compiler of
// assembled pages (docs/decisions/019-assembled-pages.md) reads of them, for the tests and the
// bench's floors.
import { readFileSync } from 'node:fs';
import { getNamedType, isObjectType, Kind, parse, print, visit, type DefinitionNode, type FieldNode, type FragmentDefinitionNode, type GraphQLResolveInfo, type OperationDefinitionNode } from 'graphql';
import { schema } from '../../graph/schema.ts';

/** The REST route's document (rest/operations.graphql) and the fragments it spreads, as one GraphQL text. */
export const routeDocument = (operation: string): string => routeDefinitions(operation).join('\n');

/** The fragments the REST route's document spreads, as GraphQL text (for another document over the same rows). */
export const routeFragments = (operation: string): string => routeDefinitions(operation).slice(1).join('\n');

/** The REST route's operation and the fragments it spreads, each as GraphQL text. */
function routeDefinitions(operation: string): string[] {
  const all = parse(readFileSync('rest/operations.graphql', 'utf8')).definitions;
  const fragments = new Map(all.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  const root = all.find((d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === operation)!;
  const used = new Map<string, DefinitionNode>();
  const spreads = (node: DefinitionNode) => visit(node, { FragmentSpread: (s) => void (used.has(s.name.value) || (used.set(s.name.value, fragments.get(s.name.value)!), spreads(fragments.get(s.name.value)!))) });
  spreads(root);
  return [root, ...used.values()].map((d) => print(d));
}

/** The same document with one aliased field beside the rows' fields (`...<Type>Fields`): a selection the page cannot assemble. */
export const fieldByField = (document: string, type: string) => document.replace(`...${type}Fields`, `...${type}Fields\n      row_id: id`);

/** What the compiler reads of a document's first root field. */
export function rootInfo(document: string): GraphQLResolveInfo {
  const parsed = parse(document);
  const operation = parsed.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const root = operation.selectionSet.selections[0] as FieldNode;
  const fragments = Object.fromEntries(parsed.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  return { schema, fragments, variableValues: {}, fieldNodes: [root], returnType: schema.getQueryType()!.getFields()[root.name.value].type } as unknown as GraphQLResolveInfo;
}

/** What the compiler reads of a list's `data` field, for a document (its first operation's root list). */
export function dataInfo(document: string): GraphQLResolveInfo {
  const parsed = parse(document);
  const operation = parsed.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const list = operation.selectionSet.selections[0] as FieldNode;
  const data = list.selectionSet!.selections.find((s): s is FieldNode => s.kind === Kind.FIELD && s.name.value === 'data')!;
  const listType = getNamedType(schema.getQueryType()!.getFields()[list.name.value].type);
  if (!isObjectType(listType)) throw new Error(`${list.name.value}: not a list page`);
  const fragments = Object.fromEntries(parsed.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  return { schema, fragments, variableValues: {}, fieldNodes: [data], returnType: listType.getFields().data.type } as unknown as GraphQLResolveInfo;
}
