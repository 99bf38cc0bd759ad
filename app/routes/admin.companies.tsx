import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { adminCreateCompany, adminError } from '~/server/admin.server';

/** Operator endpoint to provision a company (404 unless ADMIN_TOKEN is set; POST only). */
export const action = async ({ request }: ActionFunctionArgs) =>
  request.method === 'POST' ? adminCreateCompany(request) : adminError(request, 'NOT_FOUND');
export const loader = ({ request }: LoaderFunctionArgs) => adminError(request, 'NOT_FOUND');
