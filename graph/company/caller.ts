import { requestScope } from '../request/request-scope.ts';
import { authenticateKey, type CallerKey } from './auth.ts';

/**
 * The key of the current request (its `api-key` header), authenticated once per request: the
 * first part of the request that asks (the rate limiter, the GraphQL entry or the context)
 * authenticates it, the others share that answer (graph/request/request-scope.ts). Outside a
 * request, each call authenticates.
 */
export function requestCaller(header: string | null | undefined): Promise<CallerKey | null> {
  const scope = requestScope.getStore();
  if (!scope) return authenticateKey(header);
  scope.caller ??= authenticateKey(header);
  return scope.caller;
}
