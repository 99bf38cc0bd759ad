// The `warnings` a write answers beside `data` (docs/processes/foreign_trade_shipment.md, "Warnings"), as the OpenAPI
// document declares them on the routes whose writes can carry them (rest/answer.ts).
import type { SchemaObject } from 'openapi3-ts/oas31';
import { warningMessages, type WarningCode } from '../rest/i18n/warnings.ts';

/** Where each warning points in the body sent, for the example. */
const exampleFields: Record<WarningCode, string> = { ETA_FROM_TRACKING: 'foreign_trade_shipment.eta' };

/** The schema of `warnings` for a route that can answer these codes. */
export function warningsSchema(codes: WarningCode[]): SchemaObject {
  return {
    type: 'array',
    description:
      'Present only when the write changed something beyond what was sent; the write happened. `ETA_FROM_TRACKING`: automatic tracking follows a vessel, so the shipment keeps the ETA of its current voyage instead of the `eta` sent.',
    items: {
      type: 'object',
      required: ['code', 'field', 'message'],
      properties: {
        code: { type: 'string', enum: codes, description: 'What happened.' },
        field: { type: ['string', 'null'], description: 'Dotted name of the field sent that it concerns (`0.foreign_trade_shipment.eta` for the first item of a batch).' },
        message: { type: 'string', description: 'What happened, in the request\'s locale.' },
      },
    },
    example: codes.map((code) => ({ code, field: exampleFields[code], message: warningMessages[code]['en-US'] })),
  };
}
