import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { adminError, adminKey } from '~/server/admin.server';

/** Operator endpoints `POST /admin/keys/{prefix}/revoke` and `.../rotate` (docs/security.md). */
export const action = ({ request, params }: ActionFunctionArgs) =>
  request.method === 'POST' && (params.action === 'revoke' || params.action === 'rotate') ? adminKey(request, params.prefix ?? '', params.action) : adminError(request, 'NOT_FOUND');
export const loader = ({ request }: LoaderFunctionArgs) => adminError(request, 'NOT_FOUND');
