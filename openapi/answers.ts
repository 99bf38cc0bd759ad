// The schema of a route's successful answer in the reference: a list page (with its count and
// cursor, docs/index.md "Pagination and sorting"), the events feed's page, or one record; with
// the warnings a write can give.
import { GraphQLNonNull, getNamedType, getOperationAST, isNonNullType, isObjectType, type FieldNode, type GraphQLType } from 'graphql';
import type { SchemaObject } from 'openapi3-ts/oas31';
import { COUNT_CAP, isCountedWhole } from '../graph/database/count.ts';
import { schema as graphSchema } from '../graph/schema.ts';
import type { CompiledRoute } from '../rest/match.ts';
import { answerField, warningCodes } from '../rest/answer.ts';
import { inlineFragments } from '../rest/selection.ts';
import type { SchemaRegistry } from './schemas.ts';
import { warningsSchema } from './warnings.ts';

/** `total_count` of a list: whole for global reference data, else capped (docs/limits.md, "Counts"). */
function totalCountSchema(rowType: GraphQLType): SchemaObject {
  if (isCountedWhole(getNamedType(rowType).name)) {
    return { type: 'integer', format: 'int32', minimum: 0, maximum: 2_147_483_647, description: 'Rows matching, over all pages (global reference data, counted whole).' };
  }
  return {
    type: 'integer',
    format: 'int32',
    minimum: 0,
    maximum: COUNT_CAP,
    description: `Rows matching, over all pages, counted up to ${COUNT_CAP}; beyond that ${COUNT_CAP} with \`total_count_exact\` false (see Limits, "Counts").`,
  };
}

/** A list page: the rows selected under `data`, then the feed's cursor or the list's count and cursor. */
function listPageSchema(root: FieldNode, listType: GraphQLType, registry: SchemaRegistry): SchemaObject {
  const selections = root.selectionSet!.selections;
  const sel = selections.find((s) => s.kind === 'Field' && s.name.value === 'data') as FieldNode;
  const page = getNamedType(listType);
  if (!isObjectType(page)) throw new Error(`${String(page)}: a list page is an object type`);
  const dataField = page.getFields().data;
  const data = registry.selection(dataField.type, sel.selectionSet);
  const selected = (name: string) => selections.some((s) => s.kind === 'Field' && s.name.value === name);
  // The events feed is read by cursor alone: its cursor is kept after the last page.
  if (selected('has_more')) {
    return {
      type: 'object',
      required: ['data', 'next_cursor', 'has_more'],
      properties: {
        data,
        next_cursor: { type: ['string', 'null'], maxLength: 64, description: 'Pass as `after` for the next page; kept after the last page, since newer rows come after it.' },
        has_more: { type: 'boolean', description: 'Whether more rows already follow this page.' },
      },
    };
  }
  // The other lists count their rows and name the cursor of the next page.
  return {
    type: 'object',
    required: ['data', 'total_count', ...(selected('next_cursor') ? ['next_cursor'] : [])],
    properties: {
      data,
      total_count: totalCountSchema(dataField.type),
      ...(selected('total_count_exact')
        ? { total_count_exact: { type: 'boolean', enum: [false], description: `Present, and false, only when more than ${COUNT_CAP} rows match and \`total_count\` stopped at ${COUNT_CAP}.` } }
        : {}),
      ...(selected('next_cursor')
        ? { next_cursor: { type: ['string', 'null'], description: 'Pass as `after`, with the same `order_by`, filters and `search`, to read the next page; null on the last page.' } }
        : {}),
    },
  };
}

/** The schema of the JSON a route answers on success (a download answers a file: no schema). */
export function answerSchemaOf(route: CompiledRoute, registry: SchemaRegistry): SchemaObject {
  const { def } = route;
  if (def.download) return {};
  const op = getOperationAST(route.document)!;
  // The answer: the root field, or the record of a mutation's payload.
  const { node: first, field: rootType } = answerField(graphSchema, op);
  // The answer's schema is read field by field: the fragments' fields take their spreads' places.
  const root: FieldNode = first.selectionSet ? { ...first, selectionSet: inlineFragments(first.selectionSet, route.document) } : first;
  if (def.list) return listPageSchema(root, rootType.type, registry);
  // A lookup that finds nothing answers 404, so `data` is never null.
  const record = isNonNullType(rootType.type) ? rootType.type : new GraphQLNonNull(rootType.type);
  const schema: SchemaObject = { type: 'object', required: ['data'], properties: { data: registry.selection(record, root.selectionSet) } };
  const warns = warningCodes(graphSchema, route.document);
  if (warns.length) schema.properties!.warnings = warningsSchema(warns);
  return schema;
}
