import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { graphiqlResponse, wantsGraphiql } from '~/server/graphiql.server';
import { handleGraphql } from '~/server/graphql.server';

/** GraphQL over HTTP, and GraphiQL for a browser's GET; same api-key header as the REST API. */
export const loader = ({ request }: LoaderFunctionArgs) => (wantsGraphiql(request) ? graphiqlResponse() : handleGraphql(request));
export const action = ({ request }: ActionFunctionArgs) => handleGraphql(request);
