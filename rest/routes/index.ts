import type { RouteDef } from '../route.ts';
import { productRoutes } from './products.routes.ts';

/** Every documented route of the API: the router, the OpenAPI description and the tests iterate this. */
export const routes: RouteDef[] = [...productRoutes];

/** Reference sections (OpenAPI tags) and what each covers. */
export const tags: Record<string, string> = {
  Products: 'Products (SKUs) the company trades: create, read, update and delete one by id or by code, or upsert many by code.',
};
