import type { ActionFunctionArgs } from '@remix-run/node';
import { adminImport } from '~/server/admin-imports.server';

const notFound = () => Response.json({ code: 'NOT_FOUND', message: 'Resource not found.' }, { status: 404 });

/** Operator endpoint running the AIS and port schedule importers (off unless ADMIN_TOKEN is set). */
export const action = async ({ request, params }: ActionFunctionArgs) =>
  request.method === 'POST' ? ((await adminImport(request, params.kind)) ?? notFound()) : notFound();
export const loader = notFound;
