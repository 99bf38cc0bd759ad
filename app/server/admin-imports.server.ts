import { BadInputError, fieldMessages } from '../../graph/errors';
import { importAis } from '../../graph/logistics/ais-import';
import { importPortSchedules } from '../../graph/logistics/port-schedule-import';
import { adminError, asOperator } from './admin.server';

const MAX_BYTES = 50 * 1024 * 1024;

/**
 * The importers over HTTP for operators of a running server (the embedded database admits
 * one process, see ADR 006): `POST /admin/imports/ais` or `/admin/imports/port-schedules`
 * with the file as the body runs exactly what `npm run admin -- import-ais FILE` /
 * `import-port-schedules FILE` runs and answers its report. Any other kind is 404; a body
 * announced larger than 50 MiB is 400 with `body` `is too large`.
 */
export function adminImport(request: Request, kind: string | undefined): Promise<Response> {
  if (kind !== 'ais' && kind !== 'port-schedules') return Promise.resolve(adminError(request, 'NOT_FOUND'));
  return asOperator(request, async () => {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BYTES) {
      throw new BadInputError([{ name: 'body', message: fieldMessages.tooLarge }]);
    }
    const text = await request.text();
    const report = kind === 'ais' ? await importAis(text.replace(/\r?\n$/, '').split(/\r?\n/)) : await importPortSchedules(text);
    return Response.json(report, { status: 200 });
  });
}
