// The statement of an assembled page (docs/decisions/019-assembled-pages.md): the GraphQL
// selection of a list's rows turned into one SQL expression that builds each row's JSON, every
// nested object and list included, from the SQL its types declare (graph/assembled/shapes.ts).
// A selection it cannot write exactly as the resolvers would answer it (a field without SQL, an
// argument, an alias, an abstract type) gives no statement, and the page is read as before.
import {
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isObjectType,
  isUnionType,
  Kind,
  type FieldNode,
  type FragmentSpreadNode,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type InlineFragmentNode,
  type SelectionSetNode,
} from 'graphql';
import { assembledType, type SqlField } from './shapes.ts';

/** The key each assembled object carries, telling the resolvers that its fields are already answered (graph/assembled/resolvers.ts). */
export const ASSEMBLED = '@';

/** What one compilation carries: the request's selection context, the table aliases handed out and the lookup maps the statement reads first. */
interface Compiling {
  info: Pick<GraphQLResolveInfo, 'schema' | 'fragments' | 'variableValues'>;
  aliases: number;
  /** The statement's lookup maps (`WITH` entries) by their SQL: each a JSON object of a reference table's rows by key. */
  lookups: Map<string, string>;
  /** Whether each object carries the key `@` (the app's reads); the bench's floor writes the answer's JSON alone. */
  marked: boolean;
}

/** The statement of a page: its lookup maps (`WITH` entries, none or more) and the JSON expression of a row. */
export interface RowJson {
  with: string[];
  row: string;
}

/** Deeper selections than this are read as before (a page's tree is a handful of levels). */
const MAX_DEPTH = 12;

/** Stops the compilation: the selection is read field by field instead. */
class NotAssembled extends Error {}

const quoted = (key: string) => `'${key}'`;

/** Whether `@skip` and `@include` keep a selection. */
function kept(c: Compiling, node: FieldNode | InlineFragmentNode | FragmentSpreadNode): boolean {
  if (!node.directives?.length) return true;
  if (getDirectiveValues(GraphQLSkipDirective, node, c.info.variableValues)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, c.info.variableValues)?.if !== false;
}

/** Whether a fragment of type condition `on` applies to objects of `type` (itself, or an interface it implements); a union is not assembled. */
function applies(c: Compiling, type: GraphQLObjectType, on: string | undefined): boolean {
  if (!on || on === type.name || type.getInterfaces().some((i) => i.name === on)) return true;
  if (isUnionType(c.info.schema.getType(on))) throw new NotAssembled();
  return false;
}

/** The fields selected on `type` under the field nodes, by response key, fragments spread and merged (as graphql-js collects them). */
function subfields(c: Compiling, type: GraphQLObjectType, nodes: readonly FieldNode[]): Map<string, FieldNode[]> {
  const out = new Map<string, FieldNode[]>();
  const visit = (set: SelectionSetNode, spread: Set<string>) => {
    for (const node of set.selections) {
      if (!kept(c, node)) continue;
      if (node.kind === Kind.FIELD) {
        const key = node.alias?.value ?? node.name.value;
        out.set(key, [...(out.get(key) ?? []), node]);
      } else if (node.kind === Kind.INLINE_FRAGMENT) {
        if (applies(c, type, node.typeCondition?.name.value)) visit(node.selectionSet, spread);
      } else if (!spread.has(node.name.value)) {
        const fragment = c.info.fragments[node.name.value];
        if (fragment && applies(c, type, fragment.typeCondition.name.value)) visit(fragment.selectionSet, new Set([...spread, node.name.value]));
      }
    }
  };
  for (const node of nodes) if (node.selectionSet) visit(node.selectionSet, new Set());
  return out;
}

/** The JSON of one object of `type` over the row aliased `row`, for the fields `nodes` select. */
function objectSql(c: Compiling, type: GraphQLObjectType, nodes: readonly FieldNode[], row: string, depth: number): string {
  const sql = assembledType(type.name);
  if (!sql || depth > MAX_DEPTH) throw new NotAssembled();
  const parts: string[] = c.marked ? [`'${ASSEMBLED}', 1`] : [];
  const fields = type.getFields();
  for (const [key, selected] of subfields(c, type, nodes)) {
    const name = selected[0].name.value;
    if (name === '__typename') {
      parts.push(`${quoted(key)}, ${quoted(type.name)}`);
      continue;
    }
    // An alias or an argument would need its own value beside the field's: not written here.
    if (key !== name || selected.some((n) => n.arguments?.length)) throw new NotAssembled();
    const field = sql.fields[name];
    if (!field) throw new NotAssembled();
    parts.push(`${quoted(name)}, ${fieldSql(c, fields[name].type, field, selected, row, depth)}`);
  }
  return `json_build_object(${parts.join(', ')})`;
}

/** The object type a field answers (itself or the items of its list); abstract types are not assembled. */
function objectTypeOf(type: GraphQLOutputType): GraphQLObjectType {
  const named = getNamedType(type);
  if (!isObjectType(named)) throw new NotAssembled();
  return named;
}

/** The SQL of one field of the row aliased `row`: its value, or the JSON of the object or objects it answers (of GraphQL type `type`). */
function fieldSql(c: Compiling, type: GraphQLOutputType, field: SqlField, nodes: readonly FieldNode[], row: string, depth: number): string {
  if ('value' in field) return field.value(row);
  const target = objectTypeOf(type);
  if ('same' in field) {
    const object = objectSql(c, target, nodes, row, depth + 1);
    return field.when ? `CASE WHEN ${field.when(row)} THEN ${object} END` : object;
  }
  const { table, key } = assembledType(target.name) ?? {};
  if (!table) throw new NotAssembled();
  if ('lookup' in field) {
    if (!key) throw new NotAssembled();
    // One map per distinct selection of the type, read once by the statement (its own scope: one alias for all).
    const map = `(SELECT jsonb_object_agg(l.${key}, ${objectSql(c, target, nodes, 'l', depth + 1)}) FROM ${table} l)`;
    let name = c.lookups.get(map);
    if (!name) c.lookups.set(map, (name = `lookup${c.lookups.size}`));
    return `(SELECT m FROM ${name}) -> ${field.key(row)}`;
  }
  const child = `t${++c.aliases}`;
  const object = objectSql(c, target, nodes, child, depth + 1);
  if ('one' in field) return `(SELECT ${object} FROM ${table} ${child} WHERE ${field.where(child, row)})`;
  return `coalesce((SELECT json_agg(${object} ORDER BY ${field.orderBy(child)}) FROM ${table} ${child} WHERE ${field.where(child, row)}), '[]'::json)`;
}

/**
 * The field nodes and type of the field at `path` below the field at `info` (`edges`, `node`
 * of a connection), or undefined when it is not selected once under its own name.
 */
function nestedField(c: Compiling, nodes: readonly FieldNode[], type: GraphQLOutputType, path: readonly string[]): { nodes: readonly FieldNode[]; type: GraphQLOutputType } {
  let at = { nodes, type };
  for (const name of path) {
    const parent = objectTypeOf(at.type);
    const selected = subfields(c, parent, at.nodes);
    const own = selected.get(name);
    if (!own || [...selected.values()].some((n) => n[0].name.value === name && n !== own)) throw new NotAssembled();
    at = { nodes: own, type: parent.getFields()[name].type };
  }
  return at;
}

/**
 * The JSON expression of a row aliased `row`, for the selection of the field at `info` (the
 * list's items) or of the field at `path` below it (a connection's `edges.node`), with the lookup
 * maps it reads; undefined when the selection cannot be assembled. Unmarked, the objects carry
 * the selected fields alone (the answer's JSON, as the bench's floor writes it).
 */
export function rowJsonSql(info: GraphQLResolveInfo, row: string, path: readonly string[] = [], marked = true): RowJson | undefined {
  try {
    const c: Compiling = { info, aliases: 0, lookups: new Map(), marked };
    const items = nestedField(c, info.fieldNodes, info.returnType, path);
    const json = objectSql(c, objectTypeOf(items.type), items.nodes, row, 0);
    return { with: [...c.lookups].map(([map, name]) => `${name}(m) AS MATERIALIZED (SELECT ${map})`), row: json };
  } catch (e) {
    if (e instanceof NotAssembled) return undefined;
    throw e;
  }
}
