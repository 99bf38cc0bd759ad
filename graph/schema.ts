import { builder } from './builder.ts';
import { describeSchema } from './schema-helpers/descriptions/index.ts';
import './scalars.ts';
import './reference/enums.ts';
import './company/operation.ts';
// The objects every mutation's payload lists its problems in (`UserError`, `Warning`).
import './schema-helpers/payload.ts';
import './company/api-keys.ts';
import './company/trusted-documents.ts';
import './product/queries.ts';
import './product/mutations.ts';
import './reference/country-currency-types.ts';
import './actor/queries.ts';
import './actor/mutations.ts';
import './order/types.ts';
import './order/queries.ts';
import './order/aggregate.ts';
import './order/mutations.ts';
import './reference/place-types.ts';
import './logistics/vessel-types.ts';
import './route/queries.ts';
import './route/mutations.ts';
import './fleet/queries.ts';
import './fleet/mutations.ts';
import './process/shipment/types.ts';
import './process/shipment/eta-changes.ts';
import './process/types.ts';
import './process/queries.ts';
import './process/containers.ts';
import './process/aggregate.ts';
import './process/mutations.ts';
import './costs/queries.ts';
import './costs/mutations.ts';
import './process/documents.ts';
import './events/schema.ts';
import './events/subscriptions.ts';
import './webhooks/types.ts';
import './webhooks/inputs.ts';
import './webhooks/queries.ts';
import './webhooks/mutations.ts';
import './carriers/schema.ts';
// The SQL of the types whose pages PostgreSQL assembles (docs/decisions/011-assembled-pages.md).
import './reference/assembled.ts';
import './company/assembled.ts';
import './actor/assembled.ts';
import './order/assembled.ts';

/** The domain schema: every type registered by the imports above. */
export const schema = describeSchema(builder.toSchema({ sortSchema: false }));
