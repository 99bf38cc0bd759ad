import {
  Kind,
  getNamedType,
  isObjectType,
  parse,
  print,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';

// Routes answer whole objects through one named fragment per object type, generated from the
// schema: `fragment ProductFields on Product { id code ... }`, a nested object spreading its
// own type's fragment. A field added to the schema is in every answer of its type at once,
// and rest/operations.graphql holds each field list once. Fields with required arguments are
// left out, and so is a field whose type is already being selected above it (a cycle of
// types: an order's lines do not select their order again). Since fragments cannot depend on
// where they are spread, a type selected below a type it leads back to gets a fragment of its
// own naming those types (`LineFields_in_Order`); without cycles every type has one fragment.

/** The fragments generated for a schema: their texts by name, and which types each type reaches. */
interface Registry {
  texts: Map<string, string>;
  reach: Map<string, Set<string>>;
}
const registries = new WeakMap<GraphQLSchema, Registry>();

function registry(schema: GraphQLSchema): Registry {
  let r = registries.get(schema);
  if (!r) registries.set(schema, (r = { texts: new Map(), reach: new Map() }));
  return r;
}

function objectType(schema: GraphQLSchema, typeName: string): GraphQLObjectType {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  return type;
}

/**
 * Options of a field that only GraphQL answers: a link to a whole related record or a list of
 * them (docs/graphql.md, "Links"). REST answers and event payloads leave it out, so they keep
 * the shapes the API reference documents.
 */
export const graphqlOnly = { extensions: { graphqlOnly: true } } as const;

/**
 * The fields REST answers and the API reference hold (and a fragment may select): those
 * without a required argument, and not GraphQL-only.
 */
export function restFields(type: GraphQLObjectType) {
  return Object.values(type.getFields()).filter((f) => !f.extensions?.graphqlOnly && !f.args.some((a) => a.type.toString().endsWith('!') && a.defaultValue === undefined));
}

/** The object types a selection of `from` can meet below it (`from` too when it is on a cycle). */
function reachable(schema: GraphQLSchema, from: string): Set<string> {
  const { reach } = registry(schema);
  let found = reach.get(from);
  if (found) return found;
  found = new Set();
  const stack = [from];
  while (stack.length) {
    for (const field of restFields(objectType(schema, stack.pop()!))) {
      const named = getNamedType(field.type);
      if (isObjectType(named) && !found.has(named.name)) {
        found.add(named.name);
        stack.push(named.name);
      }
    }
  }
  reach.set(from, found);
  return found;
}

/**
 * The name of the fragment selecting `typeName` below the types `above` (generating it and
 * those it spreads): every selectable field, an object field spreading its type's fragment,
 * a field whose type is `typeName` or above it left out.
 */
function fragmentFor(schema: GraphQLSchema, typeName: string, above: ReadonlySet<string>): string {
  const { texts } = registry(schema);
  const reach = reachable(schema, typeName);
  // Only the types above that this selection can meet change it.
  const relevant = [...above].filter((t) => reach.has(t)).sort();
  const name = relevant.length ? `${typeName}Fields_in_${relevant.join('_')}` : `${typeName}Fields`;
  if (texts.has(name)) return name;
  const inner = new Set(relevant).add(typeName);
  const parts: string[] = [];
  for (const field of restFields(objectType(schema, typeName))) {
    const named = getNamedType(field.type);
    if (!isObjectType(named)) parts.push(field.name);
    else if (!inner.has(named.name)) parts.push(`${field.name} { ...${fragmentFor(schema, named.name, inner)} }`);
  }
  texts.set(name, `fragment ${name} on ${typeName} { ${parts.join(' ')} }`);
  return name;
}

/** The selection of every field of an object type: a spread of its fragment (see `withFragments`). */
export function selectAll(schema: GraphQLSchema, typeName: string): string {
  return `...${fragmentFor(schema, typeName, new Set())}`;
}

/** `document` followed by the definitions of every fragment it spreads, directly or not, each once, depth first in order of use. */
export function withFragments(schema: GraphQLSchema, document: string): string {
  const { texts } = registry(schema);
  const names: string[] = [];
  const walk = (node: DocumentNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const name = spread.name.value;
        if (names.includes(name)) return;
        const text = texts.get(name);
        if (!text) throw new Error(`fragment ${name} is not generated: select objects with selectAll`);
        names.push(name);
        walk(parse(text));
      },
    });
  walk(parse(document));
  return [document, ...names.map((n) => texts.get(n)!)].join('\n');
}

/**
 * The selection set with every fragment spread replaced by the fields of its fragment, for
 * readers that walk fields (the OpenAPI description of an answer).
 */
export function inlineFragments(set: SelectionSetNode, document: DocumentNode): SelectionSetNode {
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const inline = (s: SelectionSetNode): SelectionSetNode => ({
    ...s,
    selections: s.selections.flatMap((sel) => {
      if (sel.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(sel.name.value);
        if (!fragment) throw new Error(`fragment ${sel.name.value} is not defined`);
        return inline(fragment.selectionSet).selections;
      }
      if (sel.kind === Kind.FIELD && sel.selectionSet) return [{ ...sel, selectionSet: inline(sel.selectionSet) }];
      return [sel];
    }),
  });
  return inline(set);
}

/** Prints the operation of a route document without its fragment definitions. */
export function printOperation(document: DocumentNode): string {
  return print({ ...document, definitions: document.definitions.filter((d) => d.kind !== Kind.FRAGMENT_DEFINITION) });
}
