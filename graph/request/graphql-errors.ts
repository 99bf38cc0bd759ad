import { GraphQLError } from 'graphql';

/** `error` with `extensions` in place of its own, everything else (locations, path, cause) kept. */
export function withExtensions(error: GraphQLError, extensions: Record<string, unknown>): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions,
  });
}

/** A copy of `error` at the same place (path, locations) with `message` and `extensions`, and nothing behind it to mask or log. */
export function replacedAt(error: GraphQLError, message: string, extensions: Record<string, unknown>): GraphQLError {
  return new GraphQLError(message, { nodes: error.nodes, source: error.source, positions: error.positions, path: error.path, extensions });
}
