// The column shorthands of the shipment's node declarations (spec.ts, spec-transport.ts,
// spec-customs.ts): catalogue fields (graph/schema-helpers/fields.ts) of the kinds the tree repeats.
import { enumField, field, type FieldDef } from '../../schema-helpers/fields.ts';
import type { TextFormatName } from '../../schema-helpers/text-formats.ts';

export const dt = (desc: string): FieldDef => field('datetime', desc);
export const dec = (desc: string): FieldDef => field('decimal', desc);
export const str = (desc: string): FieldDef => field('text', desc);
export const int = (desc: string): FieldDef => field('int', desc);
/** An id of reference data, also taken by its natural code (graph/schema-helpers/fields.ts, `code`). */
export const byCode = (kind: string, format: TextFormatName) => (desc: string): FieldDef => field('int', `${desc} By id; or send the code instead.`, { code: { kind, format } });
export const port = byCode('maritimePort', 'unlocode');
export const airport = byCode('airport', 'airport');
export const airline = byCode('airline', 'airline');
export const sealine = byCode('sealine', 'scac');
export const statusResponse = enumField('StatusResponse', 'Result of the last lookup: PENDING (default), NOT_FOUND, FOUND or INVALID.', { default: 'PENDING' });
export const extra = field('json', 'Free-form extra data (a JSON object).');
export const dates = (what: string) => ({
  etd: dt(`Estimated time of departure of the ${what}.`),
  eta: dt(`Estimated time of arrival of the ${what}.`),
  atd: dt(`Actual time of departure of the ${what}.`),
  ata: dt(`Actual time of arrival of the ${what}.`),
});
