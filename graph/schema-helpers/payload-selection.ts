// A mutation document as the callers that answer broken rules themselves run it: REST (its
// catalogue error, rest/user-errors.ts) and the demo seed (a thrown error, graph/seed/run-as.ts)
// select every payload's `userErrors` (docs/graphql.md, "Mutation payloads") whatever the
// document itself asks.
import { getNamedType, getOperationAST, isObjectType, Kind, parse, type DocumentNode, type FieldNode, type GraphQLField, type GraphQLSchema, type OperationDefinitionNode, type SelectionNode } from 'graphql';

/** True for a field answering a mutation payload: the written record beside `userErrors`. */
export const isPayloadField = (field: GraphQLField<unknown, unknown> | undefined): boolean => {
  const type = field && getNamedType(field.type);
  return isObjectType(type) && 'userErrors' in type.getFields();
};

/** The first selection of `{ ... }`, e.g. `selectionOf('{ userErrors { code } }')`. */
export const selectionOf = (text: string): SelectionNode => (parse(text).definitions[0] as OperationDefinitionNode).selectionSet.selections[0];

const userErrorsSelection = selectionOf('{ userErrors { field code message } }');

/** `document` with `userErrors` (and `extra`) selected in every mutation payload it writes through. */
export function withUserErrors(schema: GraphQLSchema, document: DocumentNode, extra: SelectionNode[] = []): DocumentNode {
  const op = getOperationAST(document);
  if (op?.operation !== 'mutation') return document;
  const fields = schema.getMutationType()?.getFields() ?? {};
  const selections = op.selectionSet.selections.map((s) => {
    if (s.kind !== Kind.FIELD || !s.selectionSet || !isPayloadField(fields[s.name.value])) return s;
    return { ...s, selectionSet: { ...s.selectionSet, selections: [...s.selectionSet.selections, userErrorsSelection, ...extra] } } satisfies FieldNode;
  });
  const changed: OperationDefinitionNode = { ...op, selectionSet: { ...op.selectionSet, selections } };
  return { kind: Kind.DOCUMENT, definitions: document.definitions.map((d) => (d === op ? changed : d)) };
}
