import type { ActionFunctionArgs } from '@remix-run/node';
import { adminCreateCompany } from '~/server/admin.server';

const notFound = () => Response.json({ code: 'NOT_FOUND', message: 'Resource not found.' }, { status: 404 });

/** Operator endpoint to provision a company (off unless ADMIN_TOKEN is set). */
export const action = async ({ request }: ActionFunctionArgs) =>
  request.method === 'POST' ? ((await adminCreateCompany(request)) ?? notFound()) : notFound();
export const loader = notFound;
