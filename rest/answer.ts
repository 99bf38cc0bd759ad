// Where a route's answer is in its GraphQL result: the root field, or for a mutation the record
// of its payload (`createProduct { product { ... } }`, docs/graphql.md "Mutation payloads"); and
// the payload's warnings a write route answers beside `data` (docs/processes/foreign_trade_shipment.md, "Warnings").
import {
  getNamedType,
  getOperationAST,
  isInputObjectType,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Locale } from '../graph/context.ts';
import { isPayloadField, selectionOf, withUserErrors } from '../graph/schema-helpers/payload-selection.ts';
import { warningMessage, type WarningCode } from './i18n/warnings.ts';

/** The answer's field node, its schema field and its path in `data`. */
export interface AnswerField {
  node: FieldNode;
  field: GraphQLField<unknown, unknown>;
  path: string[];
}

/** The field a route answers: the root field, or the payload's record field it selects. */
export function answerField(schema: GraphQLSchema, op: OperationDefinitionNode): AnswerField {
  const root = op.selectionSet.selections[0] as FieldNode;
  const rootType = op.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  const rootField = rootType!.getFields()[root.name.value];
  if (!isPayloadField(rootField)) return { node: root, field: rootField, path: [root.name.value] };
  const picked = (root.selectionSet?.selections ?? []).filter((s): s is FieldNode => s.kind === 'Field' && s.name.value !== 'warnings' && s.name.value !== 'userErrors');
  if (picked.length !== 1) throw new Error(`${root.name.value}: a route selects exactly the payload's record`);
  const payload = getNamedType(rootField.type) as { getFields(): Record<string, GraphQLField<unknown, unknown>> };
  return { node: picked[0], field: payload.getFields()[picked[0].name.value], path: [root.name.value, picked[0].name.value] };
}

/** The value at an answer path of a GraphQL result's `data`. */
export function valueAt(data: Record<string, unknown> | null | undefined, path: string[]): unknown {
  return path.reduce<unknown>((at, name) => (at as Record<string, unknown> | null | undefined)?.[name], data);
}

/** The input field (below the body's `params`, or one item of it) each warning is about. */
const warningInputs: Record<WarningCode, string[]> = {
  // A process write's sent ETA, replaced by tracking (docs/processes/foreign_trade_shipment.md, "Tracking").
  ETA_FROM_TRACKING: ['foreign_trade_shipment', 'eta'],
};

/** Whether an input type (or the items of a list of it) has the field at `path`. */
function takesInput(type: GraphQLInputType, path: string[]): boolean {
  const named = getNamedType(type);
  if (!isInputObjectType(named)) return false;
  const field = named.getFields()[path[0]];
  return !!field && (path.length === 1 || takesInput(field.type, path.slice(1)));
}

/** The warnings a route's document can answer: those about an input field its mutation takes. */
export function warningCodes(schema: GraphQLSchema, document: DocumentNode): WarningCode[] {
  const op = getOperationAST(document);
  if (op?.operation !== 'mutation') return [];
  const root = op.selectionSet.selections[0] as FieldNode;
  const args = schema.getMutationType()?.getFields()[root.name.value]?.args ?? [];
  return (Object.keys(warningInputs) as WarningCode[]).filter((code) => args.some((a) => takesInput(a.type, warningInputs[code])));
}

const warningsSelection = selectionOf('{ warnings { field code message } }');

/**
 * The document of a route as it runs: a mutation's payload has its `userErrors` selected beside
 * the record (answered as the catalogue error, rest/user-errors.ts), and its `warnings` when the
 * route can answer some.
 */
export function withPayloadProblems(schema: GraphQLSchema, document: DocumentNode): DocumentNode {
  return withUserErrors(schema, document, warningCodes(schema, document).length ? [warningsSelection] : []);
}

/** A warning as REST answers it. */
export interface RestWarning {
  code: string;
  field: string | null;
  message: string;
}

/** `{ warnings }` to spread beside `data`, in the request's locale, when the write answered some; else nothing. */
export function warningsAt(data: Record<string, unknown> | null | undefined, answerPath: string[], locale: Locale): { warnings?: RestWarning[] } {
  if (answerPath.length < 2) return {};
  const list = valueAt(data, [...answerPath.slice(0, -1), 'warnings']) as RestWarning[] | null | undefined;
  if (!list?.length) return {};
  return { warnings: list.map((w) => ({ code: w.code, field: w.field, message: warningMessage(w.code, w.message, locale) })) };
}
