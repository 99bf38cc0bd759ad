import { timingSafeEqual, createHash } from 'node:crypto';
import { createCompany } from '../../graph/company/companies';
import { localeOf } from '../../graph/context';
import { env } from '../../graph/env';
import { BadInputError, DomainError, FieldErrors, ValidationError, fieldMessages, type ErrorCode, type FieldError } from '../../graph/errors';
import { seedDemo } from '../../graph/seed/demo';
import { keyInfo, revokeKey, rotateKey } from '../../graph/company/keys';
import { errorResponse, fromGraphQLErrors } from '../../rest/errors';

function same(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** A catalogue error answer (rest/errors.ts), in the request's locale like every other answer. */
export function adminError(request: Request, code: ErrorCode, fields?: FieldError[]): Response {
  const { status, body } = errorResponse(code, localeOf(request), fields);
  return Response.json(body, { status });
}

/**
 * Runs an operator call (docs/decisions/006-operator-endpoint.md): `404 NOT_FOUND` while
 * ADMIN_TOKEN is unset, `401 UNAUTHORIZED` unless the `admin-token` header matches it
 * (compared in constant time); then `handle`, whose domain errors answer their catalogue
 * code and anything else a `500` that tells nothing more.
 */
export async function asOperator(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const token = env().adminToken;
  if (!token) return adminError(request, 'NOT_FOUND');
  if (!same(request.headers.get('admin-token') ?? '', token)) return adminError(request, 'UNAUTHORIZED');
  try {
    return await handle();
  } catch (e) {
    if (e instanceof DomainError) {
      const { status, body } = fromGraphQLErrors([e], localeOf(request));
      return Response.json(body, { status });
    }
    console.error('[admin] unexpected error', request.method, new URL(request.url).pathname, e instanceof Error ? e.message : e);
    return adminError(request, 'INTERNAL_SERVER_ERROR');
  }
}

/**
 * Company provisioning over HTTP for operators, the same as `npm run admin -- create-company`:
 * a JSON body `{ "name": "Acme", "demo": false }`. Unreadable JSON, or a body that is not an
 * object, answers 400; a `name` that is not a string or a `demo` that is not a boolean, 400
 * on that field; a missing or blank `name`, 422 `can't be blank`.
 */
export function adminCreateCompany(request: Request): Promise<Response> {
  return asOperator(request, async () => {
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw new BadInputError([]);
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadInputError([]);
    const { name, demo } = body as { name?: unknown; demo?: unknown };
    const unreadable = new FieldErrors();
    if (name !== undefined && name !== null && typeof name !== 'string') unreadable.add('name', fieldMessages.invalid);
    if (demo !== undefined && demo !== null && typeof demo !== 'boolean') unreadable.add('demo', fieldMessages.invalid);
    unreadable.throwIfAny(BadInputError);
    if (typeof name !== 'string' || !name.trim()) throw new ValidationError([{ name: 'name', message: fieldMessages.blank }]);
    const created = await createCompany(name);
    if (demo === true) await seedDemo(created);
    return Response.json(created, { status: 201 });
  });
}

/**
 * Key administration for operators, the same as `npm run admin -- revoke-key | rotate-key`:
 * `show` answers what is known of a key, `revoke` revokes it, `rotate` revokes it and answers
 * a new key of the same company (shown once). An unknown prefix, or rotating a revoked key, 404.
 */
export function adminKey(request: Request, prefix: string, what: 'show' | 'revoke' | 'rotate'): Promise<Response> {
  return asOperator(request, async () => {
    if (what === 'rotate') {
      const { made, old } = await rotateKey(prefix);
      return Response.json({ api_key: made.key, revoked: old }, { status: 201 });
    }
    return Response.json(what === 'revoke' ? await revokeKey(prefix) : await keyInfo(prefix));
  });
}
