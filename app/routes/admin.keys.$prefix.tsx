import type { LoaderFunctionArgs } from '@remix-run/node';
import { adminKey } from '~/server/admin.server';

/** Operator endpoint: what is known of an API key (never its secret), by prefix or full key. */
export const loader = ({ request, params }: LoaderFunctionArgs) => adminKey(request, params.prefix ?? '', 'show');
