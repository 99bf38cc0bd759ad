import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { handleRest } from '~/server/rest.server';

function restPath(request: Request): string {
  return new URL(request.url).pathname.replace(/^\/api/, '') || '/';
}

/** Every /api/* call, GET included, goes to the REST facade. */
export const loader = ({ request }: LoaderFunctionArgs) => handleRest(request, restPath(request));
export const action = ({ request }: ActionFunctionArgs) => handleRest(request, restPath(request));
