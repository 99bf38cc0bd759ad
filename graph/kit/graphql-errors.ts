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
