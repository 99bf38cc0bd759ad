import { createHash, timingSafeEqual } from 'node:crypto';
import { env } from '../../graph/env';
import { importAis } from '../../graph/logistics/ais-import';
import { importPortSchedules } from '../../graph/logistics/port-schedule-import';

const MAX_BYTES = 50 * 1024 * 1024;

function same(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/**
 * The importers over HTTP for operators of a running server (the embedded database admits
 * one process, see ADR 006): `POST /admin/imports/ais` or `/admin/imports/port-schedules`
 * with the file as the body runs exactly what `npm run admin -- import-ais FILE` /
 * `import-port-schedules FILE` runs and answers its report. Off unless ADMIN_TOKEN is set.
 */
export async function adminImport(request: Request, kind: string | undefined): Promise<Response | null> {
  const token = env().adminToken;
  if (!token || (kind !== 'ais' && kind !== 'port-schedules')) return null;
  if (!same(request.headers.get('admin-token') ?? '', token)) {
    return Response.json({ code: 'UNAUTHORIZED', message: 'Unauthorized to access this resource.' }, { status: 401 });
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BYTES) {
    return Response.json({ code: 'BAD_REQUEST', message: 'One or more fields are invalid. Please fill in correctly and try again.' }, { status: 400 });
  }
  const text = await request.text();
  const report = kind === 'ais' ? await importAis(text.replace(/\r?\n$/, '').split(/\r?\n/)) : await importPortSchedules(text);
  return Response.json(report, { status: 200 });
}
