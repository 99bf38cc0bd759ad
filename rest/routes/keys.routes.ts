import { schema } from '../../graph/schema.ts';
import type { ApiKeyParams, ApiKeyRotationParams } from '../generated/operations.ts';
import { route } from '../route.ts';
import { selectAll } from '../selection.ts';

const apiKey = selectAll(schema, 'ApiKey');
const tag = 'API keys';
const byPrefix = { prefix: 'ab12cd34ef56' };
// Typed by the generated operation types, so an example that drifts from the schema fails tsc.
const example: ApiKeyParams = { name: 'ERP reader', scopes: ['read'], expires_at: '2027-06-30T00:00:00Z' };
const rotation: ApiKeyRotationParams = { overlap_seconds: 86400 };

/** The routes of the company's API keys (docs/authentication.md, Managing keys); each needs an admin key. */
export const keyRoutes = [
  route({
    id: 'keys.list',
    method: 'GET',
    path: '/keys',
    tag,
    summary: 'List API keys',
    description: 'The API keys of the company, newest first, revoked and expired ones included: name, prefix, scopes, status, expiry and last use. Secrets are never listed.',
    status: 200,
    list: true,
    document: `query KeysList($limit: Int, $offset: Int, $order_by: [ApiKeyOrderBy!]) {
      apiKeys(limit: $limit, offset: $offset, order_by: $order_by) { data { ${apiKey} } total_count total_count_exact }
    }`,
  }),
  route({
    id: 'keys.create',
    method: 'POST',
    path: '/keys',
    tag,
    summary: 'Make an API key',
    description:
      '`name` and `scopes` (`read`, `write`, `admin`) are required; `expires_at` is optional (in the future, at most two years ahead). The answer carries the whole `key` this once: keep it in your secret store. A company has at most 50 working keys. `Idempotency-Key` is not honoured: the key is never stored for a replay.',
    status: 201,
    revealsSecret: true,
    example,
    document: `mutation KeysCreate($params: ApiKeyParams!) { createApiKey(params: $params) { apiKey { ${apiKey} } } }`,
  }),
  route({
    id: 'keys.get',
    method: 'GET',
    path: '/keys/{prefix}',
    tag,
    summary: 'Get an API key',
    description: "One key of the company by prefix; another company's key answers 404, like a missing one.",
    status: 200,
    pathExamples: byPrefix,
    document: `query KeysGet($prefix: String!) { apiKey(prefix: $prefix) { ${apiKey} } }`,
  }),
  route({
    id: 'keys.revoke',
    method: 'DELETE',
    path: '/keys/{prefix}',
    tag,
    summary: 'Revoke an API key',
    description:
      'Every call with the key answers 401 from now on: at once on the server that answers, within 5 seconds on the others. Revoking the key the call is made with is allowed. Revoking twice keeps the first time.',
    status: 200,
    pathExamples: byPrefix,
    document: `mutation KeysRevoke($prefix: String!) { revokeApiKey(prefix: $prefix) { apiKey { ${apiKey} } } }`,
  }),
  route({
    id: 'keys.rotate',
    method: 'POST',
    path: '/keys/{prefix}/rotate',
    tag,
    summary: 'Rotate an API key',
    description:
      'Makes a new key of the same name and scopes, answered with its whole `key` this once. The old key keeps working for `overlap_seconds` (0 to 604800, seven days), then answers 401; deploy the new key within that window.',
    status: 201,
    revealsSecret: true,
    example: rotation,
    pathExamples: byPrefix,
    document: `mutation KeysRotate($prefix: String!, $params: ApiKeyRotationParams!) { rotateApiKey(prefix: $prefix, params: $params) { apiKey { ${apiKey} } } }`,
  }),
];
