import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { graphiqlResponse, wantsGraphiql } from '~/server/graphiql.server';
import { yoga } from '~/server/graphql.server';

/** GraphQL over HTTP, and GraphiQL for a browser's GET; same api-key header as the REST API. */
export const loader = ({ request }: LoaderFunctionArgs) => (wantsGraphiql(request) ? graphiqlResponse() : yoga.handle(request, {}));
export const action = ({ request }: ActionFunctionArgs) => yoga.handle(request, {});
