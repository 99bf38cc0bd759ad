// Every argument of every operation, REST or GraphQL, is checked against the input limits
// (docs/limits.md) before anything is read or written for what breaks one: a query or mutation
// refuses only the root field whose arguments break one (docs/graphql.md, Errors), which the
// REST facade answers as the whole request's error (rest/user-errors.ts); a subscription is
// refused whole. Every code an argument carries is trimmed by the one rule of docs/limits.md.
import {
  getArgumentValues,
  GraphQLError,
  getOperationAST,
  getVariableValues,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type OperationDefinitionNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type StringValueNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../context.ts';
import { BadInputError, DomainError, FieldErrors, ValidationError } from '../errors.ts';
import { rootFields, variableType, type ArgumentSite } from '../request/root-fields.ts';
import { formatOf } from '../schema-helpers/text-formats.ts';
import { assertBatchSize, BatchTooLargeError, checkInputValue, inputLimits, isCodeName, maxLengthOf, type InputProblems } from './values.ts';

const sitesByDocument = new WeakMap<DocumentNode, ArgumentSite[]>();

/** The fields of `document` that take arguments (found once per document). */
function argumentSites(schema: GraphQLSchema, document: DocumentNode): ArgumentSite[] {
  const known = sitesByDocument.get(document);
  if (known) return known;
  const sites: ArgumentSite[] = [];
  const typeInfo = new TypeInfo(schema);
  let depth = 0;
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field: {
        enter(node) {
          depth++;
          const def = typeInfo.getFieldDef();
          if (def && node.arguments?.length) sites.push({ def, node, root: depth === 1 });
        },
        leave() {
          depth--;
        },
      },
    }),
  );
  sitesByDocument.set(document, sites);
  return sites;
}

/**
 * The operation's variables read as their types; null when they cannot be (execution reports
 * that itself). A REST call's variables are already read as their types by the facade
 * (rest/decode.ts, every value checked against its input type), so they are taken as they
 * are: reading a 1,000-product batch again cost about 40 ms (docs/benchmarks.md).
 */
function coercedVariables(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown>, decoded: boolean): Record<string, unknown> | null {
  // A list far over every limit is refused before coercion reads it item by item.
  for (const definition of operation.variableDefinitions ?? []) {
    const raw = variables[definition.variable.name.value];
    if (Array.isArray(raw) && raw.length > inputLimits.batchItems) throw new BatchTooLargeError(definition.variable.name.value);
  }
  if (decoded) return variables;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  return coerced.errors ? null : coerced.coerced;
}

/** Adds the problems of the arguments at `sites` to `problems`; `batchesThrow`: a batch over its size throws at once. */
function checkSites(sites: ArgumentSite[], variables: Record<string, unknown>, problems: InputProblems, batchesThrow: boolean): void {
  for (const site of sites) {
    let values: Record<string, unknown>;
    try {
      values = getArgumentValues(site.def, site.node, variables);
    } catch {
      continue;
    }
    for (const arg of site.def.args) {
      const value = values[arg.name];
      if (value === undefined || value === null) continue;
      // The body of a REST call is the `params` argument: its fields are named without a prefix.
      const name = arg.name === 'params' ? '' : arg.name;
      const type = isNonNullType(arg.type) ? arg.type.ofType : arg.type;
      const batch = site.root && arg.name === 'params' && isListType(type);
      if (batch && batchesThrow) assertBatchSize(value);
      checkInputValue(value, arg.type, name, problems, {
        maxLength: maxLengthOf(arg),
        format: formatOf(arg),
        maxItems: batch ? inputLimits.batchItems : inputLimits.listItems,
      });
    }
  }
}

const noProblems = (): InputProblems => ({ bad: new FieldErrors(), invalid: new FieldErrors() });

/** The problems of one operation's arguments, for the whole document (a subscription); a batch over its size throws at once. */
function checkArguments(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, operationName: string | null | undefined, decoded: boolean): InputProblems | null {
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const coerced = coercedVariables(schema, operation, variables, decoded);
  if (!coerced) return null;
  const problems = noProblems();
  checkSites(argumentSites(schema, document), coerced, problems, true);
  return problems;
}

/**
 * The refusals of a `/graphql` query or mutation by root field (response key): each root field
 * whose arguments, or those of a field beneath it, break a limit is refused alone, and the
 * document's other root fields run (docs/graphql.md, "Errors"). Null for a subscription.
 */
function refusalsByRootField(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, operationName: string | null | undefined, decoded: boolean): Map<string, DomainError[]> | null {
  const operation = getOperationAST(document, operationName);
  const rootType = operation?.operation === 'query' ? schema.getQueryType() : operation?.operation === 'mutation' ? schema.getMutationType() : null;
  if (!operation || !rootType) return null;
  const refusals = new Map<string, DomainError[]>();
  const coerced = coercedVariables(schema, operation, variables, decoded);
  if (!coerced) return refusals;
  for (const field of rootFields(schema, document, operation, rootType)) {
    const problems = noProblems();
    checkSites(field.sites, coerced, problems, false);
    const errors = [problems.bad.list.length ? new BadInputError(problems.bad.list) : null, problems.invalid.list.length ? new ValidationError(problems.invalid.list) : null];
    if (errors.some(Boolean)) refusals.set(field.key, errors.filter((e): e is DomainError => e !== null));
  }
  return refusals;
}

/** The path of the HTTP request an execution serves: `/graphql`, or a REST call's `/api/...`; none for the app's own runs. */
function requestPath(context: unknown): string | undefined {
  const url = (context as { request?: Request }).request?.url;
  return url ? new URL(url).pathname : undefined;
}

/** Whether an execution serves a `/graphql` request, whose variables come as the client sent them. */
const isGraphqlCall = (context: unknown) => requestPath(context)?.startsWith('/graphql') === true;

/** Whether an execution serves a REST call, whose variables the facade built from input it read against their types (rest/decode.ts). */
const isRestCall = (context: unknown) => requestPath(context)?.startsWith('/api/') === true;

/**
 * Variables of a `/graphql` request that do not fit their declared types: each error names the
 * variable and the path inside it, and answers 400 BAD_REQUEST (docs/graphql.md, "GraphQL over
 * HTTP"). The compiled executor's own coercion can name the wrong variable for a nested input
 * field, so graphql-js coerces first. REST builds its variables from input it has already
 * checked, so its calls skip this.
 */
function variableErrors(args: { schema: GraphQLSchema; document: DocumentNode; operationName?: string | null; variableValues?: unknown; contextValue: unknown }): GraphQLError[] | undefined {
  if (!isGraphqlCall(args.contextValue)) return undefined;
  const definitions = getOperationAST(args.document, args.operationName)?.variableDefinitions;
  if (!definitions?.length) return undefined;
  const coerced = getVariableValues(args.schema, definitions, (args.variableValues ?? {}) as Record<string, unknown>, { maxErrors: 20 });
  return coerced.errors?.map((e) => new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: 'BAD_REQUEST', http: { status: 400, spec: true } } }));
}

/**
 * The plugin: refuses an operation whose variables do not fit; arguments that break a limit
 * refuse only their root field of a query or mutation, REST or GraphQL
 * (`Context.refusedArguments`: a query field answers the error at its path, a mutation lists it
 * in its `userErrors`), and a whole subscription before it runs.
 */
export const useInputLimits: Plugin<Context> = {
  onExecute({ args, setResultAndStopExecution }) {
    const badVariables = variableErrors(args);
    if (badVariables) return setResultAndStopExecution({ errors: badVariables });
    const context = args.contextValue;
    const variables = (args.variableValues ?? {}) as Record<string, unknown>;
    const decoded = isRestCall(context);
    try {
      const refusals = refusalsByRootField(args.schema, args.document, variables, args.operationName, decoded);
      if (refusals) {
        // Per execution: a REST call runs several documents with one context (rest/execute.ts).
        context.refusedArguments = refusals.size ? refusals : undefined;
        return;
      }
      const problems = checkArguments(args.schema, args.document, variables, args.operationName, decoded);
      problems?.bad.throwIfAny(BadInputError);
      problems?.invalid.throwIfAny();
    } catch (e) {
      if (!(e instanceof DomainError)) throw e;
      setResultAndStopExecution({ errors: [e] });
    }
  },
};

/**
 * Makes every root query field of `schema` answer the refusal of its arguments (see
 * `useInputLimits`) at its path, before its resolver reads anything.
 */
export function refuseArgumentsAtRootQueries(schema: GraphQLSchema): void {
  for (const field of Object.values(schema.getQueryType()?.getFields() ?? {})) {
    const resolve = field.resolve;
    if (!resolve) continue;
    field.resolve = (source, fieldArgs, context: Context, info) => {
      const refused = context.refusedArguments?.get(info.path.key as string);
      if (refused) throw refused[0];
      return resolve(source, fieldArgs, context, info);
    };
  }
}

const normalizedDocuments = new WeakMap<DocumentNode, DocumentNode>();

/** `document` with every code written inline (argument or input field) trimmed (docs/limits.md). */
function trimInlineCodes(schema: GraphQLSchema, document: DocumentNode): DocumentNode {
  const known = normalizedDocuments.get(document);
  if (known) return known;
  const typeInfo = new TypeInfo(schema);
  const trimmed = (node: StringValueNode): StringValueNode | undefined => {
    const value = node.value.trim();
    return value === node.value ? undefined : { ...node, value };
  };
  const out = visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const arg = typeInfo.getArgument();
        if (arg && isCodeName(arg.name) && node.value.kind === Kind.STRING) {
          const value = trimmed(node.value);
          if (value) return { ...node, value };
        }
        return undefined;
      },
      ObjectField(node) {
        if (!isCodeName(node.name.value) || node.value.kind !== Kind.STRING) return undefined;
        const value = trimmed(node.value);
        return value ? { ...node, value } : undefined;
      },
    }),
  );
  normalizedDocuments.set(document, out);
  return out;
}

/** A copy of `value` (of input type `type`) with the text of code-named fields trimmed. */
function trimCodes(value: unknown, type: GraphQLInputType, isCode: boolean): unknown {
  if (value === null || value === undefined) return value;
  if (isNonNullType(type)) return trimCodes(value, type.ofType, isCode);
  if (isListType(type)) return Array.isArray(value) ? value.map((v) => trimCodes(v, type.ofType, isCode)) : value;
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) return value;
    const fields = type.getFields();
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fields[k] ? trimCodes(v, fields[k].type, isCodeName(k)) : v]),
    );
  }
  return isCode && typeof value === 'string' ? value.trim() : value;
}

/** The operation's variables with codes trimmed: by the argument a variable feeds, and by field name inside inputs. */
function trimVariableCodes(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown>, operationName?: string | null): Record<string, unknown> {
  const operation = getOperationAST(document, operationName);
  if (!operation?.variableDefinitions?.length) return variables;
  const codeVariables = new Set<string>();
  for (const site of argumentSites(schema, document)) {
    for (const a of site.node.arguments ?? []) {
      if (a.value.kind === Kind.VARIABLE && isCodeName(a.name.value)) codeVariables.add(a.value.name.value);
    }
  }
  const out = { ...variables };
  for (const definition of operation.variableDefinitions) {
    const name = definition.variable.name.value;
    const type = variableType(schema, definition);
    if (type && out[name] !== undefined) out[name] = trimCodes(out[name], type, codeVariables.has(name));
  }
  return out;
}

/** The plugin that applies the one trimming rule of codes to every operation, REST or GraphQL. */
export const useTrimmedCodes: Plugin = {
  onExecute({ setExecuteFn, executeFn }) {
    setExecuteFn((a) =>
      executeFn({
        ...a,
        document: trimInlineCodes(a.schema, a.document),
        variableValues: trimVariableCodes(a.schema, a.document, (a.variableValues ?? {}) as Record<string, unknown>, a.operationName),
      }),
    );
  },
};
