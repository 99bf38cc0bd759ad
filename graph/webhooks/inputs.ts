// What integrators send for a webhook endpoint (docs/webhooks.md).
import { builder } from '../builder.ts';

export const WebhookEndpointParams = builder.inputType('WebhookEndpointParams', {
  description: 'An endpoint as written: on update, fields left out are kept.',
  fields: (t) => ({
    url: t.string({ description: 'Where deliveries are POSTed: an http or https URL whose host resolves to public addresses only; stored normalized.' }),
    events: t.stringList({ description: 'Event types to deliver, or `["*"]` for all of them.' }),
    description: t.string({ description: 'What the endpoint is for.' }),
    enabled: t.boolean({ description: 'false stops deliveries; true starts them again (also after the platform disabled the endpoint).' }),
  }),
});
