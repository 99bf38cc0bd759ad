// Vessel ship_type and ship_sub_type (docs/decisions/007-reference-datasets.md: "long enumerations, values not
// shown") are the AIS "type of ship and cargo" code of ITU-R M.1371 (message 5, 0-99): the
// first digit is the kind of ship, the second the hazard category of what it carries (for
// kinds 2x and 4x-9x) or the special craft (3x, 5x). See docs/decisions/007.

export const shipTypes = [
  'NOT_AVAILABLE', 'RESERVED', 'WING_IN_GROUND', 'FISHING', 'TOWING', 'TOWING_LARGE', 'DREDGING_OR_UNDERWATER_OPS',
  'DIVING_OPS', 'MILITARY_OPS', 'SAILING', 'PLEASURE_CRAFT', 'HIGH_SPEED_CRAFT', 'PILOT_VESSEL', 'SEARCH_AND_RESCUE',
  'TUG', 'PORT_TENDER', 'ANTI_POLLUTION', 'LAW_ENFORCEMENT', 'LOCAL_VESSEL', 'MEDICAL_TRANSPORT', 'NONCOMBATANT',
  'PASSENGER', 'CARGO', 'TANKER', 'OTHER',
] as const;
export type ShipType = (typeof shipTypes)[number];

export const shipSubTypes = [
  'ALL_SHIPS_OF_THIS_TYPE', 'HAZARDOUS_CATEGORY_A', 'HAZARDOUS_CATEGORY_B', 'HAZARDOUS_CATEGORY_C',
  'HAZARDOUS_CATEGORY_D', 'RESERVED', 'NO_ADDITIONAL_INFORMATION',
] as const;
export type ShipSubType = (typeof shipSubTypes)[number];

const byTens: Record<number, ShipType> = { 2: 'WING_IN_GROUND', 4: 'HIGH_SPEED_CRAFT', 6: 'PASSENGER', 7: 'CARGO', 8: 'TANKER', 9: 'OTHER' };
const thirties: ShipType[] = ['FISHING', 'TOWING', 'TOWING_LARGE', 'DREDGING_OR_UNDERWATER_OPS', 'DIVING_OPS', 'MILITARY_OPS', 'SAILING', 'PLEASURE_CRAFT', 'RESERVED', 'RESERVED'];
const fifties: ShipType[] = ['PILOT_VESSEL', 'SEARCH_AND_RESCUE', 'TUG', 'PORT_TENDER', 'ANTI_POLLUTION', 'LAW_ENFORCEMENT', 'LOCAL_VESSEL', 'LOCAL_VESSEL', 'MEDICAL_TRANSPORT', 'NONCOMBATANT'];

/** The readable kind of an AIS ship type code; null when unknown. */
export function shipTypeOf(code: number | null | undefined): ShipType | null {
  if (code == null) return null;
  if (code === 0) return 'NOT_AVAILABLE';
  if (code < 20 || code > 99) return 'RESERVED';
  const tens = Math.floor(code / 10);
  if (tens === 3) return thirties[code % 10];
  if (tens === 5) return fifties[code % 10];
  return byTens[tens];
}

/** The hazard category (second digit) for the kinds that carry one; null otherwise. */
export function shipSubTypeOf(code: number | null | undefined): ShipSubType | null {
  if (code == null || code < 20 || code > 99) return null;
  const tens = Math.floor(code / 10);
  if (tens === 3 || tens === 5) return null;
  const unit = code % 10;
  if (unit <= 4) return shipSubTypes[unit];
  return unit === 9 ? 'NO_ADDITIONAL_INFORMATION' : 'RESERVED';
}

/** The AIS code of a kind (and hazard category), for data that names them instead of the code. */
export function shipTypeCode(type: ShipType, sub: ShipSubType | null = null): number | null {
  for (let code = 0; code <= 99; code++) {
    if (shipTypeOf(code) === type && (sub === null ? [null, 'ALL_SHIPS_OF_THIS_TYPE'].includes(shipSubTypeOf(code)) : shipSubTypeOf(code) === sub)) return code;
  }
  return null;
}
