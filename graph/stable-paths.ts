import { getNamedType, isObjectType, type GraphQLField, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';

// The compiled executor (graphql-jit) hands each resolver a response path built afresh for that
// call. The Prisma plugin finds the selection a parent's query loaded for a nested field by
// path *object*: it walks `path.prev` and looks each link up by identity. With fresh links that
// lookup misses and every nested relation is reloaded row by row (dozens of extra statements
// for an order or process list). Interning the links per request gives every call of one
// response position the same object again, as graphql-js itself does.

type Key = string | number;
interface PathLink {
  key: Key;
  prev: PathLink | undefined;
  typename: string | undefined;
  /** The links beneath this one, by key. */
  next?: Map<Key, PathLink>;
}
type AnyPath = { key: Key; prev: AnyPath | undefined; typename?: string };

/** The root links of each request, by its context object. */
const roots = new WeakMap<object, Map<Key, PathLink>>();

function intern(top: Map<Key, PathLink>, path: AnyPath): PathLink {
  let level: Map<Key, PathLink>;
  let prev: PathLink | undefined;
  if (path.prev) {
    prev = intern(top, path.prev);
    level = prev.next ??= new Map();
  } else {
    level = top;
  }
  let link = level.get(path.key);
  if (!link) {
    link = { key: path.key, prev, typename: path.typename };
    level.set(path.key, link);
  }
  return link;
}

/**
 * Whether the Prisma plugin reads or records selections at this field: a field it wraps (a
 * relation or a field with `select`), or one answering Prisma objects (a root or list field
 * that plans the query). Other resolvers never look at the path, and their ancestors' links
 * are interned on the way anyway.
 */
function usesSelections(field: GraphQLField<unknown, unknown>): boolean {
  return Boolean(field.extensions?.pothosPrismaSelect || getNamedType(field.type).extensions?.pothosPrismaLoader);
}

/** Wraps every field whose resolver takes part in selection mapping so that it sees the request's interned path. */
export function internResponsePaths(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      if (!resolve || !usesSelections(field)) continue;
      field.resolve = (source, args, context, info) => {
        let top = roots.get(context);
        if (!top) roots.set(context, (top = new Map()));
        (info as { path: GraphQLResolveInfo['path'] }).path = intern(top, info.path as AnyPath) as GraphQLResolveInfo['path'];
        return resolve(source, args, context, info);
      };
    }
  }
}
