import type { RouteDef } from '../route.ts';
import { productRoutes } from './products.routes.ts';

/** Every documented route of the API: the router, the OpenAPI description and the tests iterate this. */
export const routes: RouteDef[] = [...productRoutes];
