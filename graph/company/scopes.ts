// What an API key may do (docs/authentication.md, Scopes): `read` reads, `write` also writes,
// `admin` also manages API keys and webhooks. Checked once per operation, before it runs, for
// REST (which runs GraphQL operations) and GraphQL alike: a key without the scope an operation
// needs gets 403 FORBIDDEN and nothing of the operation runs.
import {
  getNamedType,
  getOperationAST,
  isObjectType,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../context.ts';
import { ForbiddenError } from '../errors.ts';

/** The scopes a key can hold, weakest first: each one grants what the ones before it grant. */
export const SCOPES = ['read', 'write', 'admin'] as const;
export type Scope = (typeof SCOPES)[number];

/** Whether a key holding `scopes` may do what `needed` allows (admin implies write, write implies read). */
export function grants(scopes: readonly string[], needed: Scope): boolean {
  const rank = (scope: string) => (SCOPES as readonly string[]).indexOf(scope);
  return scopes.some((scope) => rank(scope) >= rank(needed));
}

/** The scopes as stored: known, once each, weakest first. */
export function normalizedScopes(scopes: readonly string[]): Scope[] {
  return SCOPES.filter((scope) => scopes.includes(scope));
}

/** Types only an admin key may read or write: API keys, webhooks and registered documents. */
const ADMIN_TYPES = new Set(['ApiKey', 'WebhookEndpoint', 'WebhookDelivery', 'WebhookAttempt', 'PersistedDocument']);

const isAdminType = (type: GraphQLNamedType | null | undefined) => !!type && ADMIN_TYPES.has(type.name);

/**
 * Whether a root field is about an admin type: it answers one, or a page, a connection or a
 * mutation payload of one (`webhookEndpoints { total_count }` and `deleteWebhookEndpoint
 * { userErrors }` too), up to two levels down.
 */
function isAdminRootField(type: GraphQLNamedType, depth = 2): boolean {
  if (isAdminType(type)) return true;
  return depth > 0 && isObjectType(type) && Object.values(type.getFields()).some((field) => isAdminRootField(getNamedType(field.type), depth - 1));
}

/** The scope a document's operation needs. */
export function neededScope(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): Scope {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return 'read';
  let admin = false;
  const typeInfo = new TypeInfo(schema);
  const rootType = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        const parent = typeInfo.getParentType();
        const type = getNamedType(typeInfo.getType());
        // Any field of an admin type, or answering one (also through `node` and fragments).
        if (isAdminType(parent) || isAdminType(type)) admin = true;
        if (parent === rootType && type && isAdminRootField(type)) admin = true;
      },
    }),
  );
  if (admin) return 'admin';
  return operation.operation === 'mutation' ? 'write' : 'read';
}

const needed = new WeakMap<DocumentNode, Map<string, Scope>>();

/** The scope a document needs, worked out once per parsed document and operation. */
function cachedNeed(schema: GraphQLSchema, document: DocumentNode, operationName?: string | null): Scope {
  const byName = needed.get(document) ?? new Map<string, Scope>();
  needed.set(document, byName);
  const name = operationName ?? '';
  const scope = byName.get(name) ?? neededScope(schema, document, operationName);
  byName.set(name, scope);
  return scope;
}

/** Refuses an operation the calling key's scopes do not allow, before it runs. */
export const useKeyScopes: Plugin = {
  onExecute({ args, setResultAndStopExecution }) {
    const key = (args.contextValue as Partial<Context>).key;
    if (!key || !grants(key.scopes, cachedNeed(args.schema, args.document, args.operationName))) setResultAndStopExecution({ errors: [new ForbiddenError()] });
  },
  onSubscribe({ args, setResultAndStopExecution }) {
    const key = (args.contextValue as Partial<Context>).key;
    if (!key || !grants(key.scopes, cachedNeed(args.schema, args.document, args.operationName))) setResultAndStopExecution({ errors: [new ForbiddenError()] });
  },
};
