import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { yoga } from '~/server/graphql.server';

/** GraphQL over HTTP (GraphiQL for a browser GET); same api-key header as the REST API. */
export const loader = ({ request }: LoaderFunctionArgs) => yoga.handle(request, {});
export const action = ({ request }: ActionFunctionArgs) => yoga.handle(request, {});
