// Limits of GraphQL documents sent to /graphql (docs/graphql.md, Limits): tokens while parsing,
// then depth, aliases, directives and an estimated cost weighted by page sizes, all checked
// once the key is checked (app/server/graphql.server.ts) and before execution. A document over a limit answers 400
// BAD_REQUEST. REST routes run fixed documents of their own and skip these checks.
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import {
  getNamedType,
  GraphQLError,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type FieldNode,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLType,
  type SelectionSetNode,
  type ValidationContext,
  type ValueNode,
} from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { replacedAt, withExtensions } from '../request/graphql-errors.ts';
import { catalogue } from '../errors.ts';
import { PAGE } from '../schema-helpers/pagination/bounds.ts';

/** The published limits (docs/graphql.md). */
export const graphqlLimits = {
  /** Tokens of a document; parsing stops at the first one over. */
  tokens: 5_000,
  /** Nesting of fields. */
  depth: 12,
  /** Nesting of braces, parentheses and brackets in the text, checked before parsing. */
  nesting: 64,
  /** Aliases in a document. */
  aliases: 15,
  /** Directives in a document. */
  directives: 10,
  /** Estimated cost: every field counts once per object it is resolved on (see `estimatedCost`). */
  cost: 20_000,
  /** How many entries a nested list without `limit` is counted as. */
  nestedListEstimate: 5,
  /** `__schema` selections in a document: one full introspection per request (see `introspectionRule`). */
  schemaIntrospections: 1,
} as const;

// `spec: true` marks a request error of GraphQL over HTTP: 400 to clients that accept
// application/graphql-response+json, 200 to those that accept application/json only, as the
// specification recommends (docs/graphql.md, GraphQL over HTTP).
const badRequest = () => ({ code: 'BAD_REQUEST', http: { status: 400, spec: true } });

/** A refusal by a document limit: 400 with the catalogue code, before any work. */
function refusal(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: badRequest() });
}

/** Page bounds a field declares in its `pageBounds` extension when they are not the lists' (aggregates' groups). */
export interface PageBounds {
  defaultLimit: number;
  maxLimit: number;
}

/** The page size a `limit` argument asks for: its literal, else the largest (a variable), else the default. */
function pageSize(value: ValueNode | undefined, bounds: PageBounds = PAGE): number {
  if (!value) return bounds.defaultLimit;
  if (value.kind === Kind.INT) return Math.min(Math.max(Number(value.value), 1), bounds.maxLimit);
  return bounds.maxLimit;
}

const unwrapList = (type: GraphQLType): boolean => (isNonNullType(type) ? unwrapList(type.ofType) : isListType(type));

/**
 * The estimated cost of a selection set: each field counts once per object it is resolved on.
 * The list under a field with a `limit` or `first` argument (its page's `data` or `edges`, or the
 * field itself when it is a list) multiplies what is under it by that page size; any other list by
 * `nestedListEstimate`. Stops counting past `ceiling`.
 */
export function estimatedCost(
  context: ValidationContext,
  set: SelectionSetNode,
  type: GraphQLOutputType,
  times: number,
  ceiling: number,
  page: number | null = null,
  seen = new Set<string>(),
): number {
  const named = getNamedType(type);
  if (!isObjectType(named) && !isInterfaceType(named)) return 0;
  const fields = named.getFields();
  const isQueryRoot = named === context.getSchema().getQueryType();
  let cost = 0;
  for (const selection of set.selections) {
    if (cost > ceiling) break;
    if (selection.kind === Kind.FIELD) {
      // Introspection counts like any field: its lists (types, fields, args...) as nested lists.
      const def = fields[selection.name.value] ?? metaField(selection.name.value, isQueryRoot);
      if (!def) continue;
      cost += times;
      if (!selection.selectionSet) continue;
      // A page's size: `limit` of an offset list, `first` of a cursor connection (its `edges`).
      const sized = def.args.find((a) => a.name === 'limit' || a.name === 'first')?.name;
      const bounds = (def.extensions as { pageBounds?: PageBounds } | undefined)?.pageBounds;
      const limit = sized ? pageSize(selection.arguments?.find((a) => a.name.value === sized)?.value, bounds) : null;
      // A list with its own size (a list of linked records, `first`) counts that size; a page
      // object passes its size to its `data` or `edges` list.
      const ownSize = unwrapList(def.type) && limit !== null;
      const each = unwrapList(def.type) ? times * (ownSize ? limit : (page ?? graphqlLimits.nestedListEstimate)) : times;
      cost += estimatedCost(context, selection.selectionSet, def.type, each, ceiling - cost, ownSize ? null : limit);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const on = selection.typeCondition ? (context.getSchema().getType(selection.typeCondition.name.value) as GraphQLOutputType | undefined) : type;
      if (on) cost += estimatedCost(context, selection.selectionSet, on, times, ceiling - cost, page, seen);
    } else {
      const fragment = context.getFragment(selection.name.value);
      if (!fragment || seen.has(fragment.name.value)) continue;
      const on = context.getSchema().getType(fragment.typeCondition.name.value) as GraphQLOutputType | undefined;
      if (on) cost += estimatedCost(context, fragment.selectionSet, on, times, ceiling - cost, page, new Set([...seen, fragment.name.value]));
    }
  }
  return cost;
}

/** The introspection field a name selects (`__typename` anywhere, `__schema` and `__type` on the query root). */
function metaField(name: string, isQueryRoot: boolean): GraphQLField<unknown, unknown> | undefined {
  if (name === '__typename') return TypeNameMetaFieldDef;
  if (!isQueryRoot) return undefined;
  return name === '__schema' ? SchemaMetaFieldDef : name === '__type' ? TypeMetaFieldDef : undefined;
}

/** The validation rule of the estimated cost. */
function costRule(context: ValidationContext) {
  return {
    OperationDefinition(node: { selectionSet: SelectionSetNode; operation: string }) {
      const root = node.operation === 'mutation' ? context.getSchema().getMutationType() : context.getSchema().getQueryType();
      if (!root) return;
      const cost = estimatedCost(context, node.selectionSet, root, 1, graphqlLimits.cost);
      if (cost > graphqlLimits.cost) context.reportError(refusal(`Query cost limit of ${graphqlLimits.cost} exceeded: ask for smaller pages or fewer fields.`));
    },
  };
}

/** The fields of a selection set, fragments flattened (each fragment once along a path). */
function* fieldsOf(context: ValidationContext, set: SelectionSetNode, seen: ReadonlySet<string> = new Set()): Generator<FieldNode> {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) yield selection;
    else if (selection.kind === Kind.INLINE_FRAGMENT) yield* fieldsOf(context, selection.selectionSet, seen);
    else if (!seen.has(selection.name.value)) {
      const fragment = context.getFragment(selection.name.value);
      if (fragment) yield* fieldsOf(context, fragment.selectionSet, new Set([...seen, selection.name.value]));
    }
  }
}

/**
 * How deep a selection of introspection nests, its `ofType` chain left out: a type reference
 * wraps a named type in a few lists and non-nulls and then ends, yet the standard query spells
 * that chain out seven levels deep.
 */
function introspectionDepth(context: ValidationContext, set: SelectionSetNode): number {
  let deepest = 0;
  for (const field of fieldsOf(context, set)) {
    const below = field.selectionSet ? introspectionDepth(context, field.selectionSet) : 0;
    deepest = Math.max(deepest, field.name.value === 'ofType' ? below : below + 1);
  }
  return deepest;
}

/**
 * Introspection's allowance (docs/graphql.md, Limits): one `__schema` per operation, the full
 * introspection GraphiQL and code generators send, nested no deeper than the depth limit once
 * its `ofType` chain is left out (the depth rule leaves `__schema` to this one). Its fields
 * count toward the estimated cost and the aliases like any others.
 */
function introspectionRule(context: ValidationContext) {
  return {
    OperationDefinition(node: { selectionSet: SelectionSetNode }) {
      const schemas = [...fieldsOf(context, node.selectionSet)].filter((f) => f.name.value === '__schema');
      if (schemas.length > graphqlLimits.schemaIntrospections) {
        context.reportError(refusal(`Introspection limit of ${graphqlLimits.schemaIntrospections} __schema per request exceeded, found ${schemas.length}.`));
        return;
      }
      for (const field of schemas) {
        const depth = field.selectionSet ? 1 + introspectionDepth(context, field.selectionSet) : 1;
        if (depth > graphqlLimits.depth) context.reportError(refusal(`Query depth limit of ${graphqlLimits.depth} exceeded, found ${depth}.`));
      }
    },
  };
}

/** Marks every parse or validation error as a 400 BAD_REQUEST of the catalogue. */
// NOTE: checked by name: the guard's library may load its own copy of graphql.
const isGraphQLError = (e: Error): e is GraphQLError => e.name === 'GraphQLError';
const asBadRequest = (e: Error): GraphQLError =>
  isGraphQLError(e)
    ? withExtensions(e, { ...e.extensions, ...badRequest() })
    : refusal('The document could not be read.');

const isMutationOverGet = (e: GraphQLError) => (e.extensions?.http as { status?: number } | undefined)?.status === 405;
const methodNotAllowed = (e: GraphQLError): GraphQLError =>
  replacedAt(e, catalogue.METHOD_NOT_ALLOWED.message, { code: 'METHOD_NOT_ALLOWED', http: { status: 405, headers: { allow: 'POST' } } });

/**
 * The deepest nesting of braces, parentheses and brackets in a document's text, outside strings
 * and comments: read before parsing, whose recursion a deep enough document would exhaust.
 */
export function nestingOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '"') {
      const block = text.startsWith('"""', i);
      const end = block ? text.indexOf('"""', i + 3) : -1;
      if (block) i = end < 0 ? text.length : end + 2;
      else for (i++; i < text.length && text[i] !== '"' && text[i] !== '\n'; i++) if (text[i] === '\\') i++;
    } else if (c === '{' || c === '(' || c === '[') {
      deepest = Math.max(deepest, ++depth);
    } else if (c === '}' || c === ')' || c === ']') {
      depth--;
    }
  }
  return deepest;
}

const useDocumentLimits: Plugin = {
  // A document refused while parsing or validating answers the catalogue's code and message,
  // as a GraphQL-over-HTTP request error (`badRequest`).
  // A mutation sent over GET (refused by yoga with 405) answers 405 METHOD_NOT_ALLOWED with
  // `Allow: POST`, as GraphQL over HTTP says (docs/graphql.md, GraphQL over HTTP).
  onExecutionResult({ result, setResult }) {
    if (!result || isAsyncIterable(result)) return;
    const { errors } = result;
    if (!errors?.some((e) => e.extensions?.code === 'BAD_REQUEST' && !e.path)) return;
    const mapped = errors.map((e) => (e.extensions?.code !== 'BAD_REQUEST' || e.path ? e : isMutationOverGet(e) ? methodNotAllowed(e) : asBadRequest(e)));
    setResult({ ...result, errors: mapped });
  },
  onParse({ params, parseFn, setParseFn }) {
    const text = typeof params.source === 'string' ? params.source : params.source.body;
    if (nestingOf(text) > graphqlLimits.nesting) throw refusal(`Nesting limit of ${graphqlLimits.nesting} exceeded.`);
    // A document that cannot be read (syntax, or a limit hit while parsing) answers 400.
    setParseFn((source, options) => {
      try {
        return parseFn(source, options);
      } catch (e) {
        throw asBadRequest(e as Error);
      }
    });
  },
  onValidate({ addValidationRule }) {
    addValidationRule(introspectionRule);
    addValidationRule(costRule);
    return ({ valid, result, setResult }) => {
      if (!valid) setResult(result.map(asBadRequest));
    };
  },
};

/** The plugins that hold /graphql documents to the limits, first in the chain. */
export function guardPlugins(): Plugin[] {
  // A limit broken while validating is reported as a 400 refusal; while parsing (no validation
  // context yet) the refusal is thrown and ends the parse.
  const onReject = [
    (context: ValidationContext | null, error: GraphQLError) => {
      const e = refusal(error.message.replace(/^Syntax Error: /, ''));
      if (!context) throw e;
      context.reportError(e);
    },
  ];
  const options = { propagateOnRejection: false, onReject };
  const armor = new EnvelopArmor({
    maxTokens: { n: graphqlLimits.tokens, ...options },
    // `__schema` is measured by introspectionRule, without its `ofType` chain.
    maxDepth: { n: graphqlLimits.depth, ignoreIntrospection: true, flattenFragments: true, ...options },
    maxAliases: { n: graphqlLimits.aliases, ...options },
    maxDirectives: { n: graphqlLimits.directives, ...options },
    // Replaced by the page-size-weighted estimate above.
    costLimit: { enabled: false },
  });
  return [...(armor.protect().plugins as Plugin[]), useDocumentLimits];
}
