import { builder } from './builder.ts';
import { describeSchema } from './kit/descriptions/index.ts';
import './scalars.ts';
import './reference/enums.ts';
import './company/operation.ts';
import './product/schema.ts';
import './reference/country-currency-types.ts';
import './actor/schema.ts';
import './order/types.ts';
import './order/queries.ts';
import './order/mutations.ts';
import './reference/place-types.ts';
import './logistics/vessel-types.ts';
import './route/route.ts';
import './fleet/fleet.ts';
import './process/shipment/types.ts';
import './process/types.ts';
import './process/queries.ts';
import './process/mutations.ts';
import './costs/cost-model.ts';
import './process/documents.ts';
import './events/schema.ts';
import './events/subscriptions.ts';
import './webhooks/types.ts';
import './webhooks/schema.ts';
import './carriers/schema.ts';

/** The domain schema: every type registered by the imports above. */
export const schema = describeSchema(builder.toSchema({ sortSchema: false }));
