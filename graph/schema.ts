import { builder } from './builder.ts';
import './scalars.ts';
import './types/enums.ts';
import './types/operation.ts';
import './types/product.ts';
import './types/reference.ts';
import './types/order.ts';
import './types/places.ts';
import './types/vessel.ts';
import './types/route.ts';
import './types/fleet.ts';
import './types/shipment.ts';
import './types/process.ts';
import './types/cost-model.ts';
import './types/process-document.ts';

/** The domain schema: every type registered by the imports above. */
export const schema = builder.toSchema({ sortSchema: false });
