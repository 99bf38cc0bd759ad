import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { adminError } from '~/server/admin.server';
import { adminImport } from '~/server/admin-imports.server';

/** Operator endpoint running the AIS and port schedule importers (404 unless ADMIN_TOKEN is set; POST only). */
export const action = async ({ request, params }: ActionFunctionArgs) =>
  request.method === 'POST' ? adminImport(request, params.kind) : adminError(request, 'NOT_FOUND');
export const loader = ({ request }: LoaderFunctionArgs) => adminError(request, 'NOT_FOUND');
