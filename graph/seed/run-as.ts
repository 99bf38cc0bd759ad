import { execute, getNamedType, getOperationAST, isObjectType, Kind, parse, type DocumentNode, type FieldNode, type OperationDefinitionNode } from 'graphql';
import type { NewCompany } from '../company/companies.ts';
import type { Context } from '../context.ts';
import { schema } from '../schema.ts';

const userErrorsSelection = (parse('{ userErrors { field code message } }').definitions[0] as OperationDefinitionNode).selectionSet.selections[0];

/** `source` with `userErrors` selected in every mutation payload it writes through. */
function withUserErrors(source: string): DocumentNode {
  const document = parse(source);
  const op = getOperationAST(document);
  if (op?.operation !== 'mutation') return document;
  const payloads = schema.getMutationType()!.getFields();
  const selections = op.selectionSet.selections.map((s) => {
    const type = s.kind === Kind.FIELD ? getNamedType(payloads[s.name.value]?.type) : undefined;
    if (s.kind !== Kind.FIELD || !s.selectionSet || !isObjectType(type) || !('userErrors' in type.getFields())) return s;
    return { ...s, selectionSet: { ...s.selectionSet, selections: [...s.selectionSet.selections, userErrorsSelection] } } as FieldNode;
  });
  return { ...document, definitions: document.definitions.map((d) => (d === op ? { ...op, selectionSet: { ...op.selectionSet, selections } } : d)) };
}

/**
 * Runs an operation of the domain schema as the given company, so seeded data obeys every rule;
 * `Data` is the shape of its answer, as the caller's document asks for it.
 * A broken rule fails the seed loudly: an error, or a rule a mutation payload lists in its
 * `userErrors` (docs/graphql.md, "Mutation payloads"), turned into an error here.
 */
export async function runAs<Data = Record<string, unknown>>(
  company: NewCompany['company'],
  source: string,
  variableValues: Record<string, unknown> = {},
): Promise<Data> {
  const contextValue: Context = { company, locale: 'en-US', requestId: 'demo-seed' };
  const result = await execute({ schema, document: withUserErrors(source), variableValues, contextValue });
  const userErrors = Object.values(result.data ?? {}).flatMap((payload) => (payload as { userErrors?: unknown[] } | null)?.userErrors ?? []);
  if (result.errors?.length || userErrors.length) throw new Error(`demo seed failed: ${JSON.stringify(result.errors ?? userErrors)}`);
  return result.data as Data;
}
