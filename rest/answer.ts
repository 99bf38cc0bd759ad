// Where a route's answer is in its GraphQL result: the root field, or for a mutation the record
// of its payload (`createProduct { product { ... } }`, docs/graphql.md "Mutation payloads").
import { getNamedType, isObjectType, type FieldNode, type GraphQLField, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';

/** The answer's field node, its schema field and its path in `data`. */
export interface AnswerField {
  node: FieldNode;
  field: GraphQLField<unknown, unknown>;
  path: string[];
}

/** True for a mutation payload type: the written record beside `userErrors`. */
const isPayload = (field: GraphQLField<unknown, unknown>) => {
  const type = getNamedType(field.type);
  return isObjectType(type) && 'userErrors' in type.getFields();
};

/** The field a route answers: the root field, or the payload's record field it selects. */
export function answerField(schema: GraphQLSchema, op: OperationDefinitionNode): AnswerField {
  const root = op.selectionSet.selections[0] as FieldNode;
  const rootType = op.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const rootField = rootType!.getFields()[root.name.value];
  if (!isPayload(rootField)) return { node: root, field: rootField, path: [root.name.value] };
  const picked = (root.selectionSet?.selections ?? []).filter((s): s is FieldNode => s.kind === 'Field');
  if (picked.length !== 1) throw new Error(`${root.name.value}: a route selects exactly the payload's record`);
  const payload = getNamedType(rootField.type) as { getFields(): Record<string, GraphQLField<unknown, unknown>> };
  return { node: picked[0], field: payload.getFields()[picked[0].name.value], path: [root.name.value, picked[0].name.value] };
}

/** The value at an answer path of a GraphQL result's `data`. */
export function valueAt(data: Record<string, unknown> | null | undefined, path: string[]): unknown {
  return path.reduce<unknown>((at, name) => (at as Record<string, unknown> | null | undefined)?.[name], data);
}
