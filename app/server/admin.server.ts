import { timingSafeEqual, createHash } from 'node:crypto';
import { createCompany } from '../../graph/company/companies';
import { env } from '../../graph/env';
import { seedDemo } from '../../graph/seed/demo';

function same(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/**
 * Company provisioning over HTTP for operators, the same as `npm run admin -- create-company`.
 * Off unless ADMIN_TOKEN is set; then the `admin-token` header must match it.
 */
export async function adminCreateCompany(request: Request): Promise<Response | null> {
  const token = env().adminToken;
  if (!token) return null;
  const given = request.headers.get('admin-token') ?? '';
  if (!same(given, token)) return Response.json({ code: 'UNAUTHORIZED', message: 'Unauthorized to access this resource.' }, { status: 401 });
  let body: { name?: unknown; demo?: unknown };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    body = {};
  }
  if (typeof body.name !== 'string' || !body.name.trim()) {
    return Response.json(
      { code: 'UNPROCESSABLE_ENTITY', message: 'Provided data are invalid.', fields: [{ name: 'name', message: "can't be blank" }] },
      { status: 422 },
    );
  }
  const created = await createCompany(body.name);
  if (body.demo === true) await seedDemo(created);
  return Response.json(created, { status: 201 });
}
