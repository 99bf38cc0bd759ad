// The root fields of an operation, each with every field beneath it that takes arguments
// (fragments followed), so the input limits can refuse one root field and let the others run
// (docs/graphql.md, "Errors").
import {
  isInputType,
  Kind,
  typeFromAST,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type VariableDefinitionNode,
} from 'graphql';

/** A field of a document that takes arguments, with its definition. */
export interface ArgumentSite {
  def: GraphQLField<unknown, unknown>;
  node: FieldNode;
  root: boolean;
}

/** One root field of an operation: its response key and the fields with arguments at or beneath it. */
export interface RootField {
  key: string;
  sites: ArgumentSite[];
}

const known = new WeakMap<OperationDefinitionNode, RootField[]>();

/** The root field nodes of a selection, through fragments written at the root. */
function rootFieldNodes(selectionSet: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen = new Set<string>()): FieldNode[] {
  return selectionSet.selections.flatMap((s) => {
    if (s.kind === Kind.FIELD) return [s];
    if (s.kind === Kind.INLINE_FRAGMENT) return rootFieldNodes(s.selectionSet, fragments, seen);
    const fragment = fragments.get(s.name.value);
    if (!fragment || seen.has(s.name.value)) return [];
    seen.add(s.name.value);
    return rootFieldNodes(fragment.selectionSet, fragments, seen);
  });
}

/** The fields with arguments in `node` (visited from `typeInfo`), and the fragments it spreads. */
function sitesIn(node: ASTNode, typeInfo: TypeInfo, root: FieldNode | null): { sites: ArgumentSite[]; spreads: string[] } {
  const sites: ArgumentSite[] = [];
  const spreads: string[] = [];
  visit(
    node,
    visitWithTypeInfo(typeInfo, {
      Field(field) {
        const def = typeInfo.getFieldDef();
        if (def && field.arguments?.length) sites.push({ def, node: field, root: field === root });
      },
      FragmentSpread(spread) {
        spreads.push(spread.name.value);
      },
    }),
  );
  return { sites, spreads };
}

/** The root fields of `operation` in `document` (of root type `rootType`), found once per operation. */
export function rootFields(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, rootType: GraphQLObjectType): RootField[] {
  const cached = known.get(operation);
  if (cached) return cached;
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  const out = new Map<string, RootField>();
  for (const node of rootFieldNodes(operation.selectionSet, fragments)) {
    const key = node.alias?.value ?? node.name.value;
    const entry = out.get(key) ?? { key, sites: [] };
    const found = sitesIn(node, new TypeInfo(schema, rootType), node);
    entry.sites.push(...found.sites);
    const followed = new Set<string>();
    const pending = [...found.spreads];
    while (pending.length) {
      const name = pending.pop()!;
      const fragment = fragments.get(name);
      if (!fragment || followed.has(name)) continue;
      followed.add(name);
      const inner = sitesIn(fragment, new TypeInfo(schema), null);
      entry.sites.push(...inner.sites);
      pending.push(...inner.spreads);
    }
    out.set(key, entry);
  }
  const list = [...out.values()];
  known.set(operation, list);
  return list;
}

/**
 * The input type a variable is declared with, or undefined when `schema` has none by that name.
 * graphql-js declares `typeFromAST` once per kind of type node, so each kind is passed on alone.
 */
export function variableType(schema: GraphQLSchema, definition: VariableDefinitionNode): GraphQLInputType | undefined {
  const node = definition.type;
  const type =
    node.kind === Kind.NAMED_TYPE ? typeFromAST(schema, node) : node.kind === Kind.LIST_TYPE ? typeFromAST(schema, node) : typeFromAST(schema, node);
  return isInputType(type) ? type : undefined;
}
